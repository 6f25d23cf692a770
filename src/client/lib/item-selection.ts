/** Items picked in a dialog (withdraw, link): itemId -> quantity as typed; an item is picked while it has a key. */
export type ItemSelection = Readonly<Record<string, string>>;

/** A quantity typed in a field: a whole number, or null. */
export function parseWholeNumber(raw: string): number | null {
  const text = raw.trim();
  return /^\d+$/.test(text) ? Number(text) : null;
}

/** Picks an item at quantity 1, or drops it. */
export function toggleItem(selection: ItemSelection, itemId: string, checked: boolean): ItemSelection {
  const { [itemId]: _, ...rest } = selection;
  return checked ? { ...rest, [itemId]: "1" } : rest;
}

/** The request's lines for a selection that passed its dialog's checks. */
export function selectionLines(selection: ItemSelection): { itemId: string; quantity: number }[] {
  return Object.entries(selection).map(([itemId, raw]) => ({ itemId, quantity: parseWholeNumber(raw) ?? 0 }));
}
