import { describe, expect, it } from "vitest";
import { parseBotNames } from "./bot-names.js";

describe("parseBotNames", () => {
  it("keeps distinct names as first written, counts blank lines and reports repeats once", () => {
    expect(parseBotNames(["BotOne", "", "  botone ", "BotTwo", "   ", "BOTONE", "BotTwo"])).toEqual({
      names: ["BotOne", "BotTwo"],
      repeated: ["BotOne", "BotTwo"],
      blankLines: 2,
      invalid: [],
    });
  });

  it("lists lines that are not Roblox usernames", () => {
    expect(parseBotNames(["Good_Bot", "bad name", "no-dash"]).invalid).toEqual(["bad name", "no-dash"]);
  });
});
