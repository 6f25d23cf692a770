import { describe, expect, it } from "vitest";
import { createQueryClient } from "./query-client";
import { getToastState, toast } from "./toast";

describe("the query client", () => {
  it("closes an error toast when a later call succeeds, and leaves it after another failure", async () => {
    const client = createQueryClient();
    const run = (fn: () => Promise<unknown>) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: fn })
        .execute(undefined)
        .catch(() => undefined);
    toast({ title: "Error", description: "step failed", variant: "destructive" });
    await run(async () => {
      throw new Error("again");
    });
    expect(getToastState().toasts[0]?.open).toBe(true);
    await run(async () => "ok");
    expect(getToastState().toasts[0]?.open).toBe(false);
    toast({ title: "Copied!" });
    await run(async () => "ok");
    expect(getToastState().toasts[0]?.open).toBe(true);
  });
});
