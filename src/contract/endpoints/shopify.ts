import { defineEndpoint } from "../endpoint.js";
import { installQuerySchema, reconnectResponseSchema, storeProductListSchema } from "../shopify.js";

export const shopifyEndpoints = {
  /** A redirect on to the store's authorize page: the browser navigates to it. */
  install: defineEndpoint({
    method: "GET",
    path: "/api/shopify/install",
    query: installQuerySchema,
    response: null,
  }),
  reconnect: defineEndpoint({
    method: "POST",
    path: "/api/shopify/reconnect",
    response: reconnectResponseSchema,
  }),
  products: defineEndpoint({
    method: "GET",
    path: "/api/shopify/products",
    response: storeProductListSchema,
  }),
};
