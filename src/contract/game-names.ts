/** The games and their display names, with no zod, so the claim page's bundle (decision 052) can show them. */
export const GAMES = ["bubblegumsimulator", "mm2", "growagarden"] as const;
export type Game = (typeof GAMES)[number];

export const GAME_NAMES: Record<Game, string> = {
  bubblegumsimulator: "Bubble Gum Simulator",
  mm2: "Murder Mystery 2",
  growagarden: "Grow a Garden",
};
