import type { z } from "zod";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * One HTTP endpoint the web client calls, declared once: the server registers its route from it (method, path and
 * schemas) and the client builds its URL and parses its answer with it, so neither side can drift from the other.
 * `response` is the schema of the success answer (`status`, 200 unless said); `null` means the answer is not JSON (a stream, a file, a redirect,
 * an image), so the client only builds its URL.
 */
export interface Endpoint<
  M extends Method = Method,
  P extends string = string,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType | null = z.ZodType | null,
> {
  readonly method: M;
  readonly path: P;
  readonly params: Params;
  readonly query: Query;
  readonly body: Body;
  readonly response: Response;
  readonly status: 200 | 201 | 202 | 204;
}

/** Declares an endpoint; the schemas it leaves out are `undefined` (no params, query or body). */
export function defineEndpoint<
  const M extends Method,
  const P extends string,
  Response extends z.ZodType | null,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
>(spec: {
  method: M;
  path: P;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  status?: 201 | 202 | 204;
}): Endpoint<M, P, Params, Query, Body, Response> {
  return {
    method: spec.method,
    path: spec.path,
    params: spec.params as Params,
    query: spec.query as Query,
    body: spec.body as Body,
    response: spec.response,
    status: spec.status ?? 200,
  };
}

/** `"/api/orders/:id/:action"` → `"id" | "action"`. */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type PathParams<P extends string> = { [K in PathParamNames<P>]: string | number };

/** What the endpoint's URL is built from: the path's parameters and the query (as the server reads it). */
export type EndpointUrlInput<E extends Endpoint> = ([PathParamNames<E["path"]>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<E["path"]> }) &
  (E["query"] extends z.ZodType ? { query: z.output<E["query"]> } : { query?: undefined });

/** What a caller passes: the URL's input and the JSON body. */
export type EndpointInput<E extends Endpoint> = EndpointUrlInput<E> &
  (E["body"] extends z.ZodType ? { body: z.input<E["body"]> } : { body?: undefined });

/** The parsed success answer. */
export type EndpointOutput<E extends Endpoint> = E["response"] extends z.ZodType
  ? z.output<E["response"]>
  : never;

/**
 * The endpoint's URL for one input: path parameters encoded into the path, the query's defined values as a query
 * string (in the order given; `true`/`false` and numbers as text).
 */
export function endpointUrl<E extends Endpoint>(endpoint: E, input: EndpointUrlInput<E>): string {
  const params = (input.params ?? {}) as Record<string, string | number>;
  const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined)
      throw new Error(`${endpoint.method} ${endpoint.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
