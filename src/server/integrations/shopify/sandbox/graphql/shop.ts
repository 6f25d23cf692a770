import { shopName } from "../store.js";
import { type GraphqlContext, gid, locationOf } from "./common.js";

/** The shop itself and its one location. */
export const shopResolvers = {
  shop: (_: unknown, ctx: GraphqlContext) => ({
    id: gid("Shop", ctx.shop.shopId),
    name: shopName(ctx.shop.domain),
    myshopifyDomain: ctx.shop.domain,
    currencyCode: "USD",
  }),

  currentAppInstallation: (_: unknown, ctx: GraphqlContext) => ({
    id: gid("AppInstallation", ctx.shop.shopId),
    accessScopes: ctx.scopes.map((handle) => ({ handle, description: handle })),
  }),

  locations: (_: unknown, ctx: GraphqlContext) => ({ nodes: [locationOf(ctx.shop)] }),
};
