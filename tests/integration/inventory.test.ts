import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inventoryLedger } from "../../src/server/db/schema/index.js";
import type { StreamEvent } from "../../src/server/realtime/bus.js";
import { balanceOf, createItem, grant, newBotKey, uniqueName } from "./bot-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { signIn } from "./helpers.js";

describe.each(DRIVERS)("items and inventory on %s", (driver) => {
  const t = useTestApp(driver);

  describe("the item catalogue", () => {
    it("lists items to any signed-in user and refuses anonymous callers", async () => {
      const item = await createItem(t.app, "mm2");
      const seller = await signIn(t.app, uniqueName("Cat"));
      const res = await t.app.inject({ method: "GET", url: "/api/items", headers: seller.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toContainEqual({
        id: item.id,
        codeName: item.codeName,
        publicName: item.publicName,
        imageUrl: item.imageUrl,
        game: "mm2",
      });
      expect((await t.app.inject({ method: "GET", url: "/api/items" })).statusCode).toBe(401);
    });

    it("lets an admin create an item, requires every field, and refuses a duplicate codeName in a game", async () => {
      const admin = await signIn(t.app, uniqueName("Adm"), { admin: true });
      const body = {
        codeName: "shiny_knife",
        publicName: "Shiny Knife",
        imageUrl: "https://example.com/k.png",
        game: "mm2",
      };
      const created = await t.app.inject({
        method: "POST",
        url: "/api/admin/items",
        headers: admin.headers,
        payload: body,
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject(body);

      const again = await t.app.inject({
        method: "POST",
        url: "/api/admin/items",
        headers: admin.headers,
        payload: body,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: "An item with this code name already exists for this game" });

      const otherGame = await t.app.inject({
        method: "POST",
        url: "/api/admin/items",
        headers: admin.headers,
        payload: { ...body, game: "growagarden" },
      });
      expect(otherGame.statusCode).toBe(201);

      for (const field of ["codeName", "publicName", "imageUrl", "game"] as const) {
        const res = await t.app.inject({
          method: "POST",
          url: "/api/admin/items",
          headers: admin.headers,
          payload: { ...body, codeName: "other_knife", [field]: "" },
        });
        expect(res.statusCode, field).toBe(400);
        expect(res.json().error).toContain(field);
      }
      const list = await t.app.inject({ method: "GET", url: "/api/admin/items", headers: admin.headers });
      expect(list.json().filter((i: { codeName: string }) => i.codeName === "shiny_knife")).toHaveLength(2);
    });

    it("keeps the admin item routes from sellers", async () => {
      const seller = await signIn(t.app, uniqueName("Sel"));
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/items",
        headers: seller.headers,
        payload: { codeName: "x", publicName: "X", imageUrl: "/x.png", game: "mm2" },
      });
      expect(res.statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: "GET", url: "/api/admin/items", headers: seller.headers })).statusCode,
      ).toBe(403);
    });
  });

  describe("a seller's inventory", () => {
    it("shows only the seller's own items with something available, with the item's details", async () => {
      const seller = await signIn(t.app, uniqueName("Inv"));
      const other = await signIn(t.app, uniqueName("Oth"));
      const knife = await createItem(t.app, "mm2");
      const gun = await createItem(t.app, "mm2");
      const pet = await createItem(t.app, "bubblegumsimulator");
      await grant(t.app, seller.userId, knife.id, 3);
      await grant(t.app, seller.userId, knife.id, 2);
      await grant(t.app, other.userId, gun.id, 7);
      await grant(t.app, seller.userId, pet.id, 1);

      const res = await t.app.inject({ method: "GET", url: "/api/inventory", headers: seller.headers });
      expect(res.statusCode).toBe(200);
      const entries = res.json();
      expect(entries).toHaveLength(2);
      expect(entries).toContainEqual({
        id: knife.id,
        itemId: knife.id,
        quantity: 5,
        item: {
          publicName: knife.publicName,
          codeName: knife.codeName,
          game: "mm2",
          imageUrl: knife.imageUrl,
        },
      });
      expect(entries.map((e: { itemId: string }) => e.itemId)).not.toContain(gun.id);
      expect((await t.app.inject({ method: "GET", url: "/api/inventory" })).statusCode).toBe(401);
    });
  });

  describe("POST /api/admin/users/:userId/items", () => {
    it("grants with an admin session: a ledger row, the balance, and a realtime event in the same transaction", async () => {
      const admin = await signIn(t.app, uniqueName("Gra"), { admin: true });
      const seller = await signIn(t.app, uniqueName("Rec"));
      const item = await createItem(t.app, "growagarden");
      const events: StreamEvent[] = [];
      const unsubscribe = t.app.ctx.events.subscribe(seller.userId, (e) => events.push(e));
      try {
        const res = await t.app.inject({
          method: "POST",
          url: `/api/admin/users/${seller.userId}/items`,
          headers: admin.headers,
          payload: { itemId: item.id, quantity: 4 },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ success: true, itemId: item.id, quantity: 4 });
        await expect.poll(() => events).toContainEqual({ userId: seller.userId, type: "inventory" });
      } finally {
        unsubscribe();
      }
      expect(await balanceOf(t.app, seller.userId, item.id)).toEqual({ available: 4, reserved: 0 });
      const rows = await t.app.ctx.db
        .select()
        .from(inventoryLedger)
        .where(and(eq(inventoryLedger.userId, seller.userId), eq(inventoryLedger.itemId, item.id)));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ kind: "admin_grant", quantity: 4 });
    });

    it("accepts a bot key, and refuses sellers, anonymous callers and bad keys", async () => {
      const seller = await signIn(t.app, uniqueName("Key"));
      const item = await createItem(t.app, "mm2");
      const { headers } = await newBotKey(t.app);
      const url = `/api/admin/users/${seller.userId}/items`;
      const payload = { itemId: item.id, quantity: 2 };
      expect((await t.app.inject({ method: "POST", url, headers, payload })).statusCode).toBe(200);
      expect((await t.app.inject({ method: "POST", url, headers: seller.headers, payload })).statusCode).toBe(
        403,
      );
      expect((await t.app.inject({ method: "POST", url, payload })).statusCode).toBe(401);
      const bad = await t.app.inject({
        method: "POST",
        url,
        headers: { authorization: "Bearer adbot_nope" },
        payload,
      });
      expect(bad.statusCode).toBe(401);
      expect(bad.json()).toEqual({ error: "Invalid or missing bot key", code: "invalid_bot_key" });
      expect(await balanceOf(t.app, seller.userId, item.id)).toEqual({ available: 2, reserved: 0 });
    });

    it("refuses a quantity below 1, an unknown item and an unknown user, changing nothing", async () => {
      const admin = await signIn(t.app, uniqueName("Val"), { admin: true });
      const seller = await signIn(t.app, uniqueName("Tgt"));
      const item = await createItem(t.app, "mm2");
      const post = (userId: string, payload: object) =>
        t.app.inject({
          method: "POST",
          url: `/api/admin/users/${userId}/items`,
          headers: admin.headers,
          payload,
        });

      const zero = await post(seller.userId, { itemId: item.id, quantity: 0 });
      expect(zero.statusCode).toBe(400);
      expect(zero.json().error).toContain("quantity");
      expect((await post(seller.userId, { itemId: item.id })).statusCode).toBe(400);
      const unknownItem = await post(seller.userId, { itemId: crypto.randomUUID(), quantity: 1 });
      expect(unknownItem.statusCode).toBe(404);
      expect(unknownItem.json()).toEqual({ error: "Item not found", code: "not_found" });
      const unknownUser = await post(crypto.randomUUID(), { itemId: item.id, quantity: 1 });
      expect(unknownUser.statusCode).toBe(404);
      expect(unknownUser.json()).toEqual({ error: "User not found", code: "not_found" });
      expect(await balanceOf(t.app, seller.userId, item.id)).toEqual({ available: 0, reserved: 0 });
    });
  });

  describe("GET /api/inventory/:userId", () => {
    it("shows a bot any seller's inventory with reserved units, and is closed to sellers", async () => {
      const seller = await signIn(t.app, uniqueName("Det"));
      const item = await createItem(t.app, "mm2");
      await grant(t.app, seller.userId, item.id, 6);
      const { headers } = await newBotKey(t.app);
      const res = await t.app.inject({ method: "GET", url: `/api/inventory/${seller.userId}`, headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([expect.objectContaining({ itemId: item.id, quantity: 6, reserved: 0 })]);
      const mine = await t.app.inject({
        method: "GET",
        url: `/api/inventory/${seller.userId}`,
        headers: seller.headers,
      });
      expect(mine.statusCode).toBe(403);
      const unknown = await t.app.inject({
        method: "GET",
        url: `/api/inventory/${crypto.randomUUID()}`,
        headers,
      });
      expect(unknown.statusCode).toBe(404);
    });
  });
});
