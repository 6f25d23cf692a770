import { type Game, gameSchema } from "../../../contract/games.js";
import { at } from "../../db/rows.js";
import { notFound } from "../../http/errors.js";
import type { RouteApp } from "../auth/index.js";

const CODE_NAME = /^(?=.{1,64}$)[a-z0-9]+(?:_[a-z0-9]+)*$/;
/** Each game's hue, so a tile says at a glance which game the item belongs to. */
const GAME_HUE: Record<Game, number> = { mm2: 355, bubblegumsimulator: 320, growagarden: 135 };

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function words(codeName: string): string[] {
  return codeName.split("_").filter(Boolean);
}

/** A square tile with the item's initials and name on a gradient in its game's colour. */
export function itemTileSvg(game: Game, codeName: string): string {
  const hue = (GAME_HUE[game] + (hash(codeName) % 40) - 20 + 360) % 360;
  const parts = words(codeName);
  const initials = (
    parts.length > 1 ? at(parts, 0).charAt(0) + at(parts, 1).charAt(0) : at(parts, 0).slice(0, 2)
  ).toUpperCase();
  const label = parts.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
  const labelSize = Math.min(24, Math.floor(400 / Math.max(label.length, 1)));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256" role="img" aria-label="${label}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="hsl(${hue} 70% 58%)"/><stop offset="1" stop-color="hsl(${(hue + 30) % 360} 65% 32%)"/>
</linearGradient></defs>
<rect width="256" height="256" rx="36" fill="url(#g)"/>
<circle cx="128" cy="112" r="66" fill="rgba(255,255,255,0.16)"/>
<text x="128" y="136" text-anchor="middle" font-family="system-ui, sans-serif" font-size="72" font-weight="700" fill="#fff">${initials}</text>
<text x="128" y="220" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${labelSize}" font-weight="600" fill="rgba(255,255,255,0.92)">${label}</text>
</svg>
`;
}

/** GET /item-images/:game/:codeName.svg: the generated pictures the demo catalogue's imageUrl points at. */
export function itemImageRoutes(r: RouteApp): void {
  r.get<{ Params: { game: string; file: string } }>("/item-images/:game/:file", async (request, reply) => {
    const game = gameSchema.safeParse(request.params.game);
    const codeName = request.params.file.replace(/\.svg$/, "");
    if (!game.success || !request.params.file.endsWith(".svg") || !CODE_NAME.test(codeName)) {
      throw notFound();
    }
    return reply
      .type("image/svg+xml")
      .header("Cache-Control", "public, max-age=86400")
      .send(itemTileSvg(game.data, codeName));
  });
}
