import { robloxUsernameSchema } from "../../../contract/auth.js";

export interface ParsedBotNames {
  /** Distinct valid usernames, as first written. */
  names: string[];
  /** Names written more than once (case-insensitively), each reported once. */
  repeated: string[];
  blankLines: number;
  /** Lines that are not Roblox usernames; any of them refuses the whole import. */
  invalid: string[];
}

/** One username per line (spec 001 §5 bulk mode): blank lines are skipped and counted, repeats reported. */
export function parseBotNames(lines: string[]): ParsedBotNames {
  const names = new Map<string, string>();
  const repeated = new Map<string, string>();
  const invalid: string[] = [];
  let blankLines = 0;
  for (const line of lines) {
    const name = line.trim();
    if (!name) {
      blankLines += 1;
      continue;
    }
    if (!robloxUsernameSchema.safeParse(name).success) {
      invalid.push(name);
      continue;
    }
    const lower = name.toLowerCase();
    if (names.has(lower)) repeated.set(lower, names.get(lower) ?? name);
    else names.set(lower, name);
  }
  return { names: [...names.values()], repeated: [...repeated.values()], blankLines, invalid };
}
