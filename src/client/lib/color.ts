/** A colour at some opacity (for borders and tints), from a colour that already passed the colour rule. */
export function tint(color: string, percent: number): string {
  return `color-mix(in srgb, ${color} ${percent}%, transparent)`;
}
