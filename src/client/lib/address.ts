/** The address without one query parameter (for flags that have done their job). */
export function withoutSearchParam(href: string, name: string): string {
  const url = new URL(href);
  url.searchParams.delete(name);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Takes a query parameter out of the address bar without a navigation or a history entry. */
export function dropSearchParam(name: string): void {
  window.history.replaceState(window.history.state, "", withoutSearchParam(window.location.href, name));
}
