import type { Game } from "../../contract/games.js";

interface CatalogueItem {
  codeName: string;
  publicName: string;
}

function items(...names: string[]): CatalogueItem[] {
  return names.map((publicName) => ({
    publicName,
    codeName: publicName
      .toLowerCase()
      .replaceAll("'", "")
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_|_$/g, ""),
  }));
}

/** The demo item catalogue: twelve well-known items per game. */
export const ITEM_CATALOGUE: Record<Game, CatalogueItem[]> = {
  mm2: items(
    "Harvester",
    "Icebreaker",
    "Chroma Luger",
    "Seer",
    "Corrupt",
    "Elderwood Scythe",
    "Batwing",
    "Candy",
    "Chroma Fang",
    "Nik's Scythe",
    "Lightbringer",
    "Darkbringer",
  ),
  bubblegumsimulator: items(
    "Giant Chocolate Chicken",
    "King Doggy",
    "Dualcorn",
    "Overlord",
    "Rainbow Shock",
    "Neon Elemental",
    "Emerald Golem",
    "Inferno Dragon",
    "Hexarium",
    "Avernus",
    "Shadow Serpent",
    "Lunar Serpent",
  ),
  growagarden: items(
    "Candy Blossom",
    "Raccoon",
    "Dragonfly",
    "Mimic Octopus",
    "Disco Bee",
    "Queen Bee",
    "Moon Blossom",
    "Beanstalk",
    "Red Fox",
    "Ember Lily",
    "Bone Blossom",
    "Butterfly",
  ),
};

/** Where the app serves an item's generated picture (the items module serves it: modules/items/images.ts). */
export function itemImagePath(game: Game, codeName: string): string {
  return `/item-images/${game}/${codeName}.svg`;
}
