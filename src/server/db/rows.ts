/**
 * Reading a row (or an element) that must be there under noUncheckedIndexedAccess: its absence is a broken
 * invariant, so it throws with what was expected instead of reading a property of undefined further on. A lookup
 * that may miss is handled where it is made, not with these.
 *
 * `const [order = missing("the inserted order")] = await tx.insert(orders).values(v).returning();`
 */
export function missing(what: string): never {
  throw new Error(`expected ${what}, found none`);
}

/** The list's element at `index`, which must exist. */
export function at<T>(list: ArrayLike<T>, index: number): T {
  const element = list[index];
  if (element === undefined) throw new Error(`expected an element at ${index} of a list of ${list.length}`);
  return element;
}
