import { z } from "zod";

export const GAMES = ["bubblegumsimulator", "mm2", "growagarden"] as const;
export const gameSchema = z.enum(GAMES);
export type Game = z.infer<typeof gameSchema>;

export const GAME_NAMES: Record<Game, string> = {
  bubblegumsimulator: "Bubble Gum Simulator",
  mm2: "Murder Mystery 2",
  growagarden: "Grow a Garden",
};
