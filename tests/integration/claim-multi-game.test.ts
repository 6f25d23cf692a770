import { describe, expect, it } from "vitest";
import { missing } from "../../src/server/db/rows.js";
import { orderItems, orders } from "../../src/server/db/schema/index.js";
import { createItem } from "./bot-fixtures.js";
import { useClaimTestApp } from "./claim-fixtures.js";
import { DRIVERS } from "./harness.js";

describe.each(DRIVERS)(
  "a purchase across games: its sub-orders, claimed one game at a time on %s",
  (driver) => {
    const { t, call, byEmail, scenario, orderRow } = useClaimTestApp(driver);

    it("shows a multi-game purchase with its sub-orders; the buyer claims one game's order at a time", async () => {
      const s = await scenario();
      const pet = await createItem(t.app, "bubblegumsimulator");
      const [parent = missing("parent")] = await t.app.ctx.db
        .insert(orders)
        .values({
          userId: s.seller.userId,
          source: "shopify",
          game: null,
          customerEmail: s.email,
          totalAmount: "30.00",
          shopifyOrderNumber: "1002",
        })
        .returning();
      const [mm2Sub = missing("mm2Sub")] = await t.app.ctx.db
        .insert(orders)
        .values({
          userId: s.seller.userId,
          source: "shopify",
          game: "mm2",
          parentOrderId: parent.id,
          customerEmail: null,
          totalAmount: "0",
        })
        .returning();
      const [bgsSub = missing("bgsSub")] = await t.app.ctx.db
        .insert(orders)
        .values({
          userId: s.seller.userId,
          source: "shopify",
          game: "bubblegumsimulator",
          parentOrderId: parent.id,
          customerEmail: null,
        })
        .returning();
      await t.app.ctx.db.insert(orderItems).values([
        { orderId: mm2Sub.id, itemId: s.item.id, quantity: 1 },
        { orderId: bgsSub.id, itemId: pet.id, quantity: 3 },
      ]);

      const view = (await call("GET", byEmail(parent.id, s.email))).json();
      expect(view.isMultiGame).toBe(true);
      expect(view.subOrders.map((o: { id: string }) => o.id).sort()).toEqual([mm2Sub.id, bgsSub.id].sort());
      expect(view.orderItems).toHaveLength(2);
      expect(view.subOrders.find((o: { id: string }) => o.id === bgsSub.id).items).toBe(`${pet.codeName}_3`);

      const onParent = await call("POST", "/api/orders/claim", {
        orderId: parent.id,
        email: s.email,
        robloxUsername: s.buyer,
      });
      expect(onParent.statusCode).toBe(400);
      expect(onParent.json()).toEqual({ error: "Please select which game's order to claim" });

      const sub = await call("POST", "/api/orders/claim", {
        orderId: mm2Sub.id,
        email: s.email,
        robloxUsername: s.buyer,
      });
      expect(sub.statusCode).toBe(200);
      const turnOn = await call("POST", "/api/bots/turn-on", {
        orderId: parent.id,
        email: s.email,
        game: "mm2",
      });
      expect(turnOn.statusCode).toBe(200);
      expect((await orderRow(mm2Sub.id)).status).toBe("pending");
      expect((await orderRow(bgsSub.id)).status).toBe("unclaimed");
    });
  },
);
