import type { ItemCost } from "@contract/analytics";

const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;
export const COST_INVALID = "Enter a cost in dollars, such as 1.25, or leave it empty for none.";

/** What a cost field holds: the saved cost as typed back ("1.50"), or empty for none. */
export const costText = (costs: readonly ItemCost[] | undefined, itemId: string) =>
  costs?.find((c) => c.itemId === itemId)?.unitCost ?? "";

/** "1.5" is 1.50 (compared as cents), empty is none; anything else is not a cost. */
function parseCost(text: string): { cents: number | null } | null {
  const trimmed = text.trim().replace(/^\$/, "");
  if (trimmed === "") return { cents: null };
  if (!AMOUNT.test(trimmed)) return null;
  const [whole, fraction = ""] = trimmed.split(".");
  return { cents: Number(whole) * 100 + Number(fraction.padEnd(2, "0")) };
}

const asDecimal = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/**
 * The costs to send for the fields the seller changed (empty clears a cost), or the first field that is not an
 * amount. Fields equal to the saved cost are left out, so saving twice sends nothing.
 */
export function changedCosts(
  saved: readonly ItemCost[] | undefined,
  drafts: Readonly<Record<string, string>>,
): { costs: ItemCost[] } | { invalid: string } {
  const costs: ItemCost[] = [];
  for (const [itemId, text] of Object.entries(drafts)) {
    const draft = parseCost(text);
    if (!draft) return { invalid: itemId };
    const before = parseCost(costText(saved, itemId));
    if (before?.cents === draft.cents) continue;
    costs.push({ itemId, unitCost: draft.cents === null ? null : asDecimal(draft.cents) });
  }
  return { costs };
}
