import { GraphQLError } from "graphql";
import type { Db } from "../../../../db/client.js";
import { at } from "../../../../db/rows.js";
import type { SandboxShop } from "../store.js";
import type { ApiVersionRules } from "./version.js";

export interface GraphqlContext {
  db: Db;
  shop: SandboxShop;
  scopes: string[];
  /** What the API version in the URL requires. */
  rules: ApiVersionRules;
}

export const gid = (type: string, id: string) => `gid://shopify/${type}/${id}`;

/** The numeric id of a gid of the expected type; null for anything else. */
export function idOf(type: string, value: string): string | null {
  const m = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)$/.exec(value);
  return m && m[1] === type ? at(m, 2) : null;
}

/** A write scope implies its read scope, as on Shopify. */
export function hasScope(ctx: GraphqlContext, scope: string): boolean {
  return ctx.scopes.includes(scope) || ctx.scopes.includes(scope.replace(/^read_/, "write_"));
}

export function requireScope(ctx: GraphqlContext, field: string, scope: string): void {
  if (hasScope(ctx, scope)) return;
  throw new GraphQLError(`Access denied for ${field} field. Required access: \`${scope}\` access scope.`, {
    extensions: {
      code: "ACCESS_DENIED",
      documentation: "https://shopify.dev/api/usage/access-scopes",
      requiredAccess: `\`${scope}\` access scope.`,
    },
  });
}

export const pageInfo = { hasNextPage: false, hasPreviousPage: false, endCursor: null, startCursor: null };

export function locationOf(shop: SandboxShop) {
  return { id: gid("Location", shop.locationId), name: "Shop location", isActive: true };
}
