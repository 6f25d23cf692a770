import { at } from "../../db/rows.js";
import { encodePng } from "./png.js";

type Rgb = [number, number, number];

/** A small seeded generator (mulberry32), so a user id always draws the same face. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

function inRoundedRect(
  x: number,
  y: number,
  cx: number,
  cy: number,
  hw: number,
  hh: number,
  r: number,
): boolean {
  const dx = Math.max(Math.abs(x - cx) - (hw - r), 0);
  const dy = Math.max(Math.abs(y - cy) - (hh - r), 0);
  return Math.abs(x - cx) <= hw && Math.abs(y - cy) <= hh && dx * dx + dy * dy <= r * r;
}

function inEllipse(x: number, y: number, cx: number, cy: number, rx: number, ry: number): boolean {
  const dx = (x - cx) / rx;
  const dy = (y - cy) / ry;
  return dx * dx + dy * dy <= 1;
}

const SKINS: Rgb[] = [
  [245, 205, 48],
  [234, 184, 146],
  [204, 142, 105],
  [160, 95, 53],
  [255, 204, 153],
];

/** The look of one user's avatar, derived from the id alone. */
function appearance(userId: number) {
  const rand = seeded(userId * 2654435761);
  const hue = Math.floor(rand() * 360);
  return {
    bgTop: hsl(hue, 0.55, 0.78),
    bgBottom: hsl(hue, 0.5, 0.6),
    shirt: hsl((hue + 150 + Math.floor(rand() * 60)) % 360, 0.6, 0.45),
    skin: at(SKINS, Math.floor(rand() * SKINS.length)),
    hair: hsl(Math.floor(rand() * 360), 0.45, 0.18 + rand() * 0.2),
    hairStyle: Math.floor(rand() * 3),
  };
}

/** A Roblox-like headshot (square head, dot eyes, smile, shoulders) in normalised coordinates 0..1. */
function colourAt(look: ReturnType<typeof appearance>, x: number, y: number): Rgb {
  const ink: Rgb = [30, 30, 36];
  const inHead = inRoundedRect(x, y, 0.5, 0.45, 0.24, 0.22, 0.09);
  if (inHead) {
    if (inEllipse(x, y, 0.41, 0.43, 0.028, 0.042) || inEllipse(x, y, 0.59, 0.43, 0.028, 0.042)) return ink;
    const d = Math.hypot(x - 0.5, y - 0.47);
    if (d > 0.095 && d < 0.118 && y > 0.515 && Math.abs(x - 0.5) < 0.085) return ink;
    const hairLine =
      look.hairStyle === 0 ? 0.31 : look.hairStyle === 1 ? 0.33 - 0.04 * Math.abs(x - 0.5) * 4 : 0;
    if (y < hairLine) return look.hair;
    return look.skin;
  }
  if (look.hairStyle === 2 && inRoundedRect(x, y, 0.5, 0.23, 0.27, 0.04, 0.03)) return look.hair;
  if (inRoundedRect(x, y, 0.5, 0.69, 0.08, 0.04, 0.01)) return mix(look.skin, ink, 0.15);
  if (inRoundedRect(x, y, 0.5, 1.02, 0.36, 0.3, 0.12)) return look.shirt;
  return mix(look.bgTop, look.bgBottom, y);
}

/** Draws user userId's headshot at size×size pixels (2×2 supersampled so edges stay smooth). */
export function renderHeadshot(userId: number, size: number): Buffer {
  const look = appearance(userId);
  const rgb = new Uint8Array(size * size * 3);
  const offsets = [0.25, 0.75];
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const oy of offsets) {
        for (const ox of offsets) {
          const c = colourAt(look, (px + ox) / size, (py + oy) / size);
          r += c[0];
          g += c[1];
          b += c[2];
        }
      }
      const at = (py * size + px) * 3;
      rgb[at] = Math.round(r / 4);
      rgb[at + 1] = Math.round(g / 4);
      rgb[at + 2] = Math.round(b / 4);
    }
  }
  return encodePng(size, size, rgb);
}
