import { describe, expect, it } from "vitest";
import { readiness } from "./service.js";

describe("readiness", () => {
  it("is ready when every check passes", () => {
    expect(readiness({ database: true, realtime: true, jobs: true }).status).toBe("ready");
  });

  it.each(["database", "realtime", "jobs"] as const)("is not ready without %s", (failing) => {
    const checks = { database: true, realtime: true, jobs: true, [failing]: false };
    expect(readiness(checks)).toEqual({ status: "not_ready", checks });
  });
});
