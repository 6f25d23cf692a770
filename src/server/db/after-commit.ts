import type { Db, DbOrTx } from "./client.js";

/** The callbacks each open transaction runs once it has committed, by transaction handle. */
const pending = new WeakMap<object, (() => void)[]>();

/**
 * Runs fn once the transaction of `tx` has committed, and never if it rolls back; at once when `tx` is not a
 * transaction handle opened by `db.transaction` (the database itself, or a handle of a nested transaction).
 */
export function afterCommit(tx: DbOrTx, fn: () => void): void {
  const callbacks = pending.get(tx);
  if (callbacks) callbacks.push(fn);
  else fn();
}

/**
 * Gives `db.transaction` after-commit callbacks (afterCommit). Work that must not hold the transaction open, such as
 * a NOTIFY (PostgreSQL holds its notification lock through the commit's WAL flush, so notifying transactions
 * commit one at a time), registers there instead of running inside it.
 */
export function withAfterCommit(db: Db): Db {
  const transaction = db.transaction.bind(db);
  const withCallbacks: Db["transaction"] = async (fn, config) => {
    const callbacks: (() => void)[] = [];
    const result = await transaction((tx) => {
      pending.set(tx, callbacks);
      return fn(tx);
    }, config);
    for (const callback of callbacks) callback();
    return result;
  };
  db.transaction = withCallbacks;
  return db;
}
