import type { BotStatus } from "@contract/bots";
import { GAMES, type Game } from "@contract/games";
import type { InventoryEntry } from "@contract/inventory";
import { BOT_ONLINE_WINDOW_SECONDS } from "@contract/limits";
import { quantityOutOfRangeText, WITHDRAWAL_TEXTS } from "@contract/withdrawals";
import { type ItemSelection, parseWholeNumber } from "@/lib/item-selection";

/** Search matches the public or code name, case-insensitively; "all" keeps every game. */
export function filterInventory(
  entries: readonly InventoryEntry[],
  search: string,
  game: Game | "all",
): InventoryEntry[] {
  const needle = search.trim().toLowerCase();
  return entries.filter(
    (e) =>
      (game === "all" || e.item.game === game) &&
      (!needle ||
        e.item.publicName.toLowerCase().includes(needle) ||
        e.item.codeName.toLowerCase().includes(needle)),
  );
}

/** Entries by game, in the games' canonical order, leaving out games without entries. */
export function groupByGame<T extends { item: { game: Game } }>(
  entries: readonly T[],
): { game: Game; entries: T[] }[] {
  return GAMES.map((game) => ({ game, entries: entries.filter((e) => e.item.game === game) })).filter(
    (g) => g.entries.length > 0,
  );
}

/**
 * The withdraw dialog's step 1 checks, in the order of spec 000 §5 (and of the server): at least one item, one
 * game, a username, then each quantity between 1 and what is available. Returns the text to show, or null.
 */
export function validateWithdrawal(
  selection: ItemSelection,
  username: string,
  entries: readonly InventoryEntry[],
): string | null {
  const picked = Object.keys(selection)
    .map((itemId) => entries.find((e) => e.itemId === itemId))
    .filter((e): e is InventoryEntry => e !== undefined);
  if (picked.length === 0) return WITHDRAWAL_TEXTS.noItems;
  if (new Set(picked.map((e) => e.item.game)).size > 1) return WITHDRAWAL_TEXTS.mixedGames;
  if (!username.trim()) return WITHDRAWAL_TEXTS.noUsername;
  for (const entry of picked) {
    const quantity = parseWholeNumber(selection[entry.itemId] ?? "");
    if (quantity === null || quantity < 1 || quantity > entry.quantity) {
      return quantityOutOfRangeText(entry.item.publicName, entry.quantity);
    }
  }
  return null;
}

/**
 * Spec 000 §4: the bot countdown starts at 300 s. When the server says when the online window ends, the countdown
 * follows it (never above 300 s); without a window it starts at the full 300 s.
 */
export function countdownStart(onlineTimeLeft: string | null, now: number): number {
  if (!onlineTimeLeft) return BOT_ONLINE_WINDOW_SECONDS;
  const ends = Date.parse(onlineTimeLeft);
  if (Number.isNaN(ends)) return BOT_ONLINE_WINDOW_SECONDS;
  return Math.min(BOT_ONLINE_WINDOW_SECONDS, Math.max(0, Math.ceil((ends - now) / 1000)));
}

/** 300 -> "5:00", 9 -> "0:09". */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export const BOT_STATUS_LABELS: Record<BotStatus, string> = {
  online: "Online",
  pending_online: "Pending Online",
  offline: "Offline",
};
