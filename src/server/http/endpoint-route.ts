import type { Endpoint } from "../../contract/endpoint.js";

type Present<K extends string, S> = S extends undefined ? Record<never, never> : { [P in K]: S };

type RouteOf<E extends Endpoint> = {
  method: E["method"];
  url: E["path"];
  schema: Present<"params", E["params"]> &
    Present<"querystring", E["query"]> &
    Present<"body", E["body"]> &
    (E["response"] extends null
      ? Record<never, never>
      : { response: { [S in E["status"]]: NonNullable<E["response"]> } });
};

/**
 * A route's method, URL and schemas, taken from the contract's declaration of the endpoint: spread into
 * `r.route({ ...routeOf(endpoint), handler })`, so the path, validation, serialisation and OpenAPI document are the
 * ones the client is built against. Schemas the endpoint leaves out are absent (not `undefined`).
 */
export function routeOf<E extends Endpoint>(endpoint: E): RouteOf<E> {
  const schema: Record<string, unknown> = {};
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.response) schema.response = { [endpoint.status]: endpoint.response };
  return { method: endpoint.method, url: endpoint.path, schema } as RouteOf<E>;
}
