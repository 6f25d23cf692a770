/**
 * The claim calls' methods and paths (spec 001 §7) without their schemas: the buyer's claim page calls its endpoints
 * by these, so its bundle carries no zod (decision 060). `claimsEndpoints` (claims.ts) is built from them, so the
 * two cannot name different URLs.
 */
export const claimRoutes = {
  config: { method: "GET", path: "/api/claim/config" },
  orderByEmail: { method: "GET", path: "/api/orders/claim/:orderId/:email" },
  orderByAuthKey: { method: "GET", path: "/api/orders/claim-api/:authKey" },
  claimByEmail: { method: "POST", path: "/api/orders/claim" },
  claimByAuthKey: { method: "POST", path: "/api/orders/claim-api" },
  lockUsername: { method: "POST", path: "/api/orders/claim/lock-username" },
  resetUsername: { method: "POST", path: "/api/orders/claim/reset-username" },
  privateServerByEmail: { method: "GET", path: "/api/orders/private-server/:orderId/:email" },
  privateServerByAuthKey: { method: "GET", path: "/api/orders/private-server-api/:authKey" },
  turnOnBot: { method: "POST", path: "/api/bots/turn-on" },
  friendRequest: { method: "POST", path: "/api/friend-requests" },
  validateUsername: { method: "POST", path: "/api/orders/claim/validate-username" },
} as const;
