import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = path.join(import.meta.dirname, "../..");
const BANNER = "Autodrop is running at";

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((closed) => server.close(closed));
  return port;
}

/** Whether something accepts connections on the port right now. */
const accepts = (port: number) =>
  new Promise<boolean>((answer) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      answer(true);
    });
    socket.once("error", () => answer(false));
  });

/**
 * What a developer sees at first start: the server in a terminal (script(1) gives it a pseudo-terminal, so its
 * logs are the pretty ones), a fresh data directory, demo data seeded through the sandbox.
 */
describe("the terminal at first start", () => {
  let child: ChildProcess | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "autodrop-terminal-"));
  afterAll(() => {
    if (child?.pid) process.kill(-child.pid, "SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("prints the banner once the port is open, after the start's log, then one line a request", async () => {
    const port = await freePort();
    let output = "";
    let bannerAt = -1;
    let openAtBanner: Promise<boolean> | undefined;
    child = spawn("script", ["-qfec", "node --import tsx src/server/main.ts", "/dev/null"], {
      cwd: ROOT,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        DATA_DIR: dataDir,
        SANDBOX: "1",
        SEED_DEMO: "1",
        LOG_LEVEL: "info",
        NODE_ENV: "development",
      },
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (bannerAt < 0 && output.includes(BANNER)) {
        bannerAt = output.indexOf(BANNER);
        openAtBanner = accepts(port);
      }
    });
    for (let waited = 0; bannerAt < 0; waited += 100) {
      if (waited > 120_000) throw new Error(`no banner in 120 s:\n${output.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await openAtBanner).toBe(true);

    // Whatever the start logs is written before the banner: a second later nothing more has come.
    // sleep-ok: another process's terminal, watched for a while; no event says it will stay quiet.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const lines = (text: string) =>
      text
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
        .replace(/\x1b\[[0-9;]*m/g, "")
        .split(/\r?\n/)
        .filter((line) => line.trim() !== "");
    const afterBanner = lines(output.slice(bannerAt));
    expect(
      afterBanner.every((line) => !/\b(INFO|WARN|ERROR)\b/.test(line)),
      afterBanner.join("\n"),
    ).toBe(true);
    // The seeding's calls to the sandbox are debug lines: the start says little beyond its listening address.
    const beforeBanner = lines(output.slice(0, bannerAt));
    expect(beforeBanner.length, beforeBanner.join("\n")).toBeLessThanOrEqual(10);
    expect(beforeBanner.some((line) => line.includes("Server listening at"))).toBe(true);

    const before = output.length;
    const res = await fetch(`http://127.0.0.1:${port}/api/stats`);
    expect(res.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const requestLines = lines(output.slice(before));
    expect(requestLines, requestLines.join("\n")).toHaveLength(1);
    expect(requestLines[0]).toMatch(/INFO.*GET \/api\/stats 200/);
  }, 180_000);
});
