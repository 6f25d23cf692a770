import type { Endpoint, EndpointInput, EndpointUrlInput } from "@contract/endpoint";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api, apiUnchecked } from "./api";

type KeyInput<E extends Endpoint> = EndpointUrlInput<E>;

/**
 * The one query-key factory: an endpoint's path, then its parameters and query when it has any. Invalidating
 * `queryKeyOf(endpoint)` refreshes that endpoint for every input; live updates match on the first element.
 */
export function queryKeyOf<E extends Endpoint>(endpoint: E, input?: KeyInput<E>): readonly unknown[] {
  const { params, query } = (input ?? {}) as { params?: unknown; query?: unknown };
  return params === undefined && query === undefined ? [endpoint.path] : [endpoint.path, { params, query }];
}

type QueryArgs<E extends Endpoint> =
  object extends KeyInput<E> ? [input?: KeyInput<E>] : [input: KeyInput<E>];

/** Query options for a GET endpoint: its key from `queryKeyOf` and `api()` as the fetcher (parsing the answer). */
export function endpointQuery<E extends Endpoint<"GET">>(endpoint: E, ...[input]: QueryArgs<E>) {
  return queryOptions({
    queryKey: queryKeyOf(endpoint, input),
    queryFn: ({ signal }) => api(endpoint, ...([input ?? {}, { signal }] as never as [EndpointInput<E>])),
  });
}

/** `endpointQuery` with `apiUnchecked` as the fetcher: the answer is trusted, not parsed (the claim page, decision 060). */
export function uncheckedEndpointQuery<E extends Endpoint<"GET">>(endpoint: E, ...[input]: QueryArgs<E>) {
  return queryOptions({
    queryKey: queryKeyOf(endpoint, input),
    queryFn: ({ signal }) =>
      apiUnchecked(endpoint, ...([input ?? {}, { signal }] as never as [EndpointInput<E>])),
  });
}

/** Refetches every query of these endpoints, whatever their input. */
export function invalidateEndpoints(queryClient: QueryClient, endpoints: readonly Endpoint[]): Promise<void> {
  return Promise.all(
    endpoints.map((endpoint) => queryClient.invalidateQueries({ queryKey: queryKeyOf(endpoint) })),
  ).then(() => undefined);
}
