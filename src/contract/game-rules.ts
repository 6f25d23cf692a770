import { z } from "zod";
import { GAME_NAMES, type Game, gameSchema } from "./games.js";

/**
 * Per-game limits an admin sets (spec 001 §3 Game rules). Null means no limit. A rule applies to listings linked and
 * orders created after it changes; existing ones stay as they are.
 */
const gameRulesSchema = z.object({
  game: gameSchema,
  /** The most distinct items one order of this game may hold. */
  maxUniqueItems: z.number().int().min(1).nullable(),
  /** The most units of items (quantities summed) one listing of this game may bundle. */
  maxItemsPerListing: z.number().int().min(1).nullable(),
});
export type GameRules = z.infer<typeof gameRulesSchema>;

export const GAME_RULE_TEXTS = {
  mixedGames: "Cannot mix items from different games",
  tooManyUniqueItems: (game: Game, max: number) =>
    `An order for ${GAME_NAMES[game]} can include at most ${max} different ${max === 1 ? "item" : "items"}`,
  tooManyListingItems: (game: Game, max: number) =>
    `A ${GAME_NAMES[game]} listing can include at most ${max} ${max === 1 ? "item" : "items"}`,
} as const;

export interface RuleLine {
  game: Game;
  /** What identifies the item within its game (its id or code name). */
  item: string;
  quantity: number;
}

/** Why a listing bundling these lines breaks its game's rules, or null when it does not. */
export function listingRuleViolation(lines: RuleLine[], rules: GameRules | null): string | null {
  const games = new Set(lines.map((l) => l.game));
  if (games.size > 1) return GAME_RULE_TEXTS.mixedGames;
  const max = rules?.maxItemsPerListing ?? null;
  const units = lines.reduce((sum, l) => sum + l.quantity, 0);
  if (max !== null && rules && units > max) return GAME_RULE_TEXTS.tooManyListingItems(rules.game, max);
  return null;
}

/** Why an order of these lines breaks its game's rules (one game only, at most maxUniqueItems items), or null. */
export function orderRuleViolation(lines: RuleLine[], rules: GameRules | null): string | null {
  const games = new Set(lines.map((l) => l.game));
  if (games.size > 1) return GAME_RULE_TEXTS.mixedGames;
  const max = rules?.maxUniqueItems ?? null;
  const unique = new Set(lines.map((l) => l.item)).size;
  if (max !== null && rules && unique > max) return GAME_RULE_TEXTS.tooManyUniqueItems(rules.game, max);
  return null;
}
