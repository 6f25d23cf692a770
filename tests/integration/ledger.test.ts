import { describe, expect, it } from "vitest";
import type { App } from "../../src/server/app.js";
import { missing } from "../../src/server/db/rows.js";
import { users } from "../../src/server/db/schema/index.js";
import {
  applyMovement,
  applyMovements,
  InsufficientInventoryError,
  type Movement,
} from "../../src/server/modules/inventory/ledger.js";
import { balanceOf, createItem, ledgerBalanceOf, uniqueName } from "./bot-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";

async function newSeller(app: App): Promise<string> {
  const [row = missing("row")] = await app.ctx.db
    .insert(users)
    .values({ username: uniqueName("Led"), robloxUserId: Math.floor(Math.random() * 1e12) })
    .returning({ id: users.id });
  return row.id;
}

const apply = (app: App, moves: Movement[]) => app.ctx.db.transaction((tx) => applyMovements(tx, moves));

async function expectLedgerMatches(app: App, pairs: [string, string][]): Promise<void> {
  for (const [userId, itemId] of pairs)
    expect(await ledgerBalanceOf(app, userId, itemId)).toEqual(await balanceOf(app, userId, itemId));
}

describe.each(DRIVERS)("set-based inventory ledger on %s", (driver) => {
  const t = useTestApp(driver);

  it("moves several sellers and items at once; a shortfall refuses only its movement", async () => {
    const [s1, s2] = [await newSeller(t.app), await newSeller(t.app)];
    const [knife = missing("knife"), gun = missing("gun")] = [
      await createItem(t.app, "mm2"),
      await createItem(t.app, "mm2"),
    ];
    const deposits = await apply(t.app, [
      { userId: s1, kind: "deposit", lines: [{ itemId: knife.id, quantity: 3 }] },
      { userId: s2, kind: "admin_grant", lines: [{ itemId: knife.id, quantity: 2 }] },
      { userId: s2, kind: "deposit", lines: [{ itemId: gun.id, quantity: 1 }] },
    ]);
    expect(deposits.every((o) => o.applied)).toBe(true);

    const orderIds = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const outcomes = await apply(t.app, [
      {
        userId: s1,
        kind: "reservation",
        lines: [{ itemId: knife.id, quantity: 2 }],
        ref: { orderId: orderIds[0] },
      },
      {
        userId: s2,
        kind: "reservation",
        lines: [
          { itemId: knife.id, quantity: 1 },
          { itemId: gun.id, quantity: 2 },
        ],
        ref: { orderId: orderIds[1] },
      },
      {
        userId: s2,
        kind: "reservation",
        lines: [{ itemId: knife.id, quantity: 2 }],
        ref: { orderId: orderIds[2] },
      },
      {
        userId: s1,
        kind: "reservation",
        lines: [{ itemId: knife.id, quantity: 2 }],
        ref: { orderId: orderIds[3] },
      },
    ]);
    expect(outcomes).toEqual([
      { applied: true },
      { applied: false, itemId: gun.id },
      { applied: true },
      { applied: false, itemId: knife.id },
    ]);
    expect(await balanceOf(t.app, s1, knife.id)).toEqual({ available: 1, reserved: 2 });
    expect(await balanceOf(t.app, s2, knife.id)).toEqual({ available: 0, reserved: 2 });
    expect(await balanceOf(t.app, s2, gun.id)).toEqual({ available: 1, reserved: 0 });
    const { rows } = await t.app.ctx.database.raw.query<{ order_id: string; quantity: number }>(
      `SELECT order_id, quantity FROM inventory_ledger WHERE kind = 'reservation' AND order_id = ANY($1::uuid[])
        ORDER BY quantity`,
      [orderIds],
    );
    expect(rows.map((r) => r.order_id).sort()).toEqual([orderIds[0], orderIds[2]].sort());
    await expectLedgerMatches(t.app, [
      [s1, knife.id],
      [s2, knife.id],
      [s2, gun.id],
    ]);
  });

  it("keeps the ledger summing to the balance through every kind of movement", async () => {
    const seller = await newSeller(t.app);
    const item = await createItem(t.app, "mm2");
    const line = (quantity: number) => [{ itemId: item.id, quantity }];
    const outcomes = await apply(t.app, [
      { userId: seller, kind: "deposit", lines: line(5) },
      { userId: seller, kind: "reservation", lines: line(4) },
      { userId: seller, kind: "delivery", lines: line(1) },
      { userId: seller, kind: "release", lines: line(2) },
      { userId: seller, kind: "delivery", lines: line(2) },
    ]);
    expect(outcomes.map((o) => o.applied)).toEqual([true, true, true, true, false]);
    await apply(t.app, [{ userId: seller, kind: "delivery", lines: line(1) }]);
    expect(await balanceOf(t.app, seller, item.id)).toEqual({ available: 3, reserved: 0 });
    await expectLedgerMatches(t.app, [[seller, item.id]]);
  });

  it("keeps applyMovement's contract: a shortfall throws and the transaction changes nothing", async () => {
    const seller = await newSeller(t.app);
    const item = await createItem(t.app, "mm2");
    await t.app.ctx.db.transaction((tx) =>
      applyMovement(tx, seller, "deposit", [{ itemId: item.id, quantity: 1 }]),
    );
    await expect(
      t.app.ctx.db.transaction((tx) =>
        applyMovement(tx, seller, "reservation", [{ itemId: item.id, quantity: 2 }]),
      ),
    ).rejects.toBeInstanceOf(InsufficientInventoryError);
    expect(await balanceOf(t.app, seller, item.id)).toEqual({ available: 1, reserved: 0 });
    await expectLedgerMatches(t.app, [[seller, item.id]]);
  });
});

// Row locks only mean something with real concurrent connections: PostgreSQL only (PGlite has one connection).
describe.skipIf(!process.env.TEST_DATABASE_URL)("set-based ledger under concurrency on postgres", () => {
  const t = useTestApp("postgres");

  it("batches over the same rows in opposite orders neither deadlock nor oversell", async () => {
    const [s1, s2] = [await newSeller(t.app), await newSeller(t.app)];
    const [a = missing("a"), b = missing("b")] = [
      await createItem(t.app, "mm2"),
      await createItem(t.app, "mm2"),
    ];
    const keys: [string, string][] = [
      [s1, a.id],
      [s1, b.id],
      [s2, a.id],
      [s2, b.id],
    ];
    await apply(
      t.app,
      keys.map(([userId, itemId]) => ({ userId, kind: "deposit", lines: [{ itemId, quantity: 10 }] })),
    );
    const batch = (reverse: boolean): Movement[] => {
      const ordered = reverse ? [...keys].reverse() : keys;
      return ordered.map(([userId, itemId]) => ({
        userId,
        kind: "reservation",
        lines: [{ itemId, quantity: 1 }],
      }));
    };
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => apply(t.app, batch(i % 2 === 1))));
    const applied = results.flat().filter((o) => o.applied).length;
    expect(applied).toBe(40);
    for (const [userId, itemId] of keys)
      expect(await balanceOf(t.app, userId, itemId)).toEqual({ available: 0, reserved: 10 });
    await expectLedgerMatches(t.app, keys);
  });
});
