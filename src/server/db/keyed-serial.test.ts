import { describe, expect, it } from "vitest";
import { keyedSerial } from "./keyed-serial.js";

const tick = () => new Promise((r) => setTimeout(r, 5));

describe("keyedSerial", () => {
  it("runs one task at a time per key, in order, and tasks of other keys meanwhile", async () => {
    const serial = keyedSerial();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([
      serial("a", task("a1")),
      serial("a", task("a2")),
      serial("b", task("b1")),
    ]);
    expect(results).toEqual(["a1", "a2", "b1"]);
    expect(log.indexOf("a2 start")).toBeGreaterThan(log.indexOf("a1 end"));
    expect(log.indexOf("b1 start")).toBeLessThan(log.indexOf("a1 end"));
  });

  it("lets the next task run after one fails", async () => {
    const serial = keyedSerial();
    const failed = serial("a", async () => {
      await tick();
      throw new Error("boom");
    });
    const next = serial("a", async () => "ran");
    await expect(failed).rejects.toThrow("boom");
    expect(await next).toBe("ran");
  });
});
