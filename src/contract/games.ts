import { z } from "zod";
import { GAMES } from "./game-names.js";

export { GAME_NAMES, GAMES, type Game } from "./game-names.js";

export const gameSchema = z.enum(GAMES);
