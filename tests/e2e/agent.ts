import { type ChildProcess, spawn } from "node:child_process";
import type { Game } from "../../src/contract/games";

/** Runs the reference bot agent (bot/cli.ts) against the test server, as an operator would. */
export function startBotAgent(
  baseUrl: string,
  game: Game,
): { stop: () => Promise<void>; pause: () => void; resume: () => void; output: () => string } {
  let output = "";
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", "bot/cli.ts", "--game", game, "--url", baseUrl, "--interval", "750"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  return {
    output: () => output,
    // A paused agent stays online for the server (its last heartbeat counts for minutes) but trades nothing, so a
    // test can look at a step that the bot would otherwise finish within a poll.
    pause: () => child.kill("SIGSTOP"),
    resume: () => child.kill("SIGCONT"),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGCONT");
        child.kill("SIGTERM");
      }),
  };
}
