/** The first wait before reconnecting a lost connection, and the longest: a restart takes seconds, a failover more. */
export const RECONNECT_MIN_MS = 250;
export const RECONNECT_MAX_MS = 30_000;

/** How long to wait before reconnect attempt `attempt` (0 for the first): doubling, capped. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** Math.max(0, attempt));
}
