import { describe, expect, it } from "vitest";
import { at } from "../../db/rows.js";
import { type Balance, balanceEffect, type Movement, movementWrites, planMovements } from "./ledger.js";

const move = (userId: string, kind: Movement["kind"], lines: [string, number][]): Movement => ({
  userId,
  kind,
  lines: lines.map(([itemId, quantity]) => ({ itemId, quantity })),
});

describe("planMovements", () => {
  it("decides movements in order: a shortfall refuses only that movement, whole, and the rest still apply", () => {
    const balances = new Map<string, Balance>([
      ["s1 knife", { available: 3, reserved: 0 }],
      ["s1 gun", { available: 1, reserved: 0 }],
      ["s2 knife", { available: 5, reserved: 0 }],
    ]);
    const outcomes = planMovements(balances, [
      move("s1", "reservation", [["knife", 2]]),
      move("s1", "reservation", [
        ["knife", 1],
        ["gun", 2],
      ]),
      move("s2", "reservation", [["knife", 5]]),
      move("s1", "reservation", [["knife", 1]]),
      move("s1", "reservation", [["knife", 1]]),
    ]);
    expect(outcomes).toEqual([
      { applied: true },
      { applied: false, itemId: "gun" },
      { applied: true },
      { applied: true },
      { applied: false, itemId: "knife" },
    ]);
    expect(Object.fromEntries(balances)).toEqual({
      "s1 knife": { available: 0, reserved: 3 },
      "s1 gun": { available: 1, reserved: 0 },
      "s2 knife": { available: 0, reserved: 5 },
    });
  });

  it("treats a missing balance as zero, merges repeated items and moves balances only by balanceEffect", () => {
    const balances = new Map<string, Balance>();
    const moves = [
      move("s1", "deposit", [
        ["knife", 2],
        ["knife", 3],
      ]),
      move("s1", "reservation", [["knife", 4]]),
      move("s1", "delivery", [["knife", 3]]),
      move("s1", "release", [["knife", 1]]),
      move("s1", "delivery", [["knife", 1]]),
    ];
    const outcomes = planMovements(balances, moves);
    expect(outcomes.map((o) => o.applied)).toEqual([true, true, true, true, false]);
    const folded = moves
      .filter((_, i) => at(outcomes, i).applied)
      .flatMap((m) => m.lines.map((l) => balanceEffect(m.kind, l.quantity)))
      .reduce((a, e) => ({ available: a.available + e.available, reserved: a.reserved + e.reserved }), {
        available: 0,
        reserved: 0,
      });
    expect(balances.get("s1 knife")).toEqual(folded);
    expect(folded).toEqual({ available: 2, reserved: 0 });
  });

  it("refuses quantities that are not positive integers", () => {
    expect(() => planMovements(new Map(), [move("s1", "deposit", [["knife", 0]])])).toThrow();
    expect(() => planMovements(new Map(), [move("s1", "deposit", [["knife", 1.5]])])).toThrow();
  });
});

describe("movementWrites", () => {
  const locked = new Map<string, Balance>([
    ["s1 knife", { available: 3, reserved: 1 }],
    ["s2 knife", { available: 9, reserved: 0 }],
  ]);

  it("writes only what applies: changed locked rows are updated, missing rows inserted, a ledger row per line", () => {
    const w = movementWrites(
      locked,
      [
        move("s1", "reservation", [["knife", 2]]),
        move("s1", "reservation", [["knife", 5]]),
        move("s1", "deposit", [["gun", 4]]),
      ],
      7,
    );
    expect(w.outcomes).toEqual([{ applied: true }, { applied: false, itemId: "knife" }, { applied: true }]);
    expect(w.updates).toBe(1);
    // Parameters are numbered after the caller's seven; the untouched s2 balance is not written.
    expect(w.ctes).toContain("unnest($8::uuid[], $9::uuid[], $10::int[], $11::int[])");
    expect(w.ctes).toContain("$21::text[]");
    expect(w.params.slice(0, 4)).toEqual([["s1"], ["knife"], [-2], [2]]);
    expect(w.params.slice(4, 8)).toEqual([["s1"], ["gun"], [4], [0]]);
    expect(w.params[10]).toEqual(["reservation", "deposit"]);
  });

  it("writes nothing when every movement is refused", () => {
    const w = movementWrites(locked, [move("s1", "reservation", [["knife", 4]])], 0);
    expect(w.outcomes).toEqual([{ applied: false, itemId: "knife" }]);
    expect(w.ctes).toBeNull();
    expect(w.params).toEqual([]);
  });
});
