import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useLiveUpdates } from "./live-updates";

/** Stands in for the browser's EventSource: the test plays the server's messages. */
class FakeEventSource {
  static CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = 1;
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }
  send(data: string): void {
    this.onmessage?.(new MessageEvent("message", { data }));
  }
}

function invalidated(client: QueryClient): string[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => String(q.queryKey[0]))
    .sort();
}

describe("useLiveUpdates", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("refetches one event's queries, and every live query when the server says resync", () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const client = new QueryClient();
    for (const key of ["/api/inventory", "/api/orders", "/api/bots/user", "/api/items"])
      client.setQueryData([key], { seeded: true });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { unmount } = renderHook(() => useLiveUpdates(true), { wrapper });
    const source = FakeEventSource.last!;
    expect(source.url).toBe("/api/events");

    source.send('{"type":"bots"}');
    expect(invalidated(client)).toEqual(["/api/bots/user"]);

    source.send('{"type":"resync"}');
    // Every query a live event can touch; the item catalogue is not one.
    expect(invalidated(client)).toEqual(["/api/bots/user", "/api/inventory", "/api/orders"]);
    unmount();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });
});
