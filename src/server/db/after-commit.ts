/** The callbacks each open transaction runs once it has committed, by transaction handle. */
const pending = new WeakMap<object, (() => void)[]>();

/**
 * Runs fn once the transaction of `tx` has committed, and never if it rolls back; at once when `tx` is not a
 * transaction handle opened by `db.transaction` (the database itself, or a handle of a nested transaction). Work
 * that must not hold the transaction open, such as a NOTIFY (PostgreSQL holds its notification lock through the
 * commit's WAL flush, so notifying transactions commit one at a time), registers here instead of running inside it.
 */
export function afterCommit(tx: object, fn: () => void): void {
  const callbacks = pending.get(tx);
  if (callbacks) callbacks.push(fn);
  else fn();
}

/** Makes `callbacks` collect tx's afterCommit callbacks; the caller runs them once tx has committed (client.ts). */
export function collectAfterCommit(tx: object, callbacks: (() => void)[]): void {
  pending.set(tx, callbacks);
}
