import { describe, expect, it } from "vitest";
import {
  descriptionHoldsPhrase,
  generatePhrase,
  normalisePhrase,
  PHRASE_WORD_COUNT,
  PHRASE_WORDS,
} from "./phrase.js";

describe("verification phrases", () => {
  it("draws from 256 distinct lower-case words", () => {
    expect(PHRASE_WORDS).toHaveLength(256);
    expect(new Set(PHRASE_WORDS).size).toBe(256);
    for (const w of PHRASE_WORDS) expect(w).toMatch(/^[a-z]+$/);
  });

  it("generates six known words separated by single spaces, different each time", () => {
    const phrase = generatePhrase();
    const words = phrase.split(" ");
    expect(words).toHaveLength(PHRASE_WORD_COUNT);
    for (const w of words) expect(PHRASE_WORDS).toContain(w);
    const many = new Set(Array.from({ length: 50 }, () => generatePhrase()));
    expect(many.size).toBe(50);
  });

  it("normalises case, spacing and punctuation", () => {
    expect(normalisePhrase("  Apple\n\tRiver,   OAK. ")).toBe("apple river oak");
  });

  it("finds the phrase in a description regardless of case, spacing and surrounding text", () => {
    expect(descriptionHoldsPhrase("Hi! apple river oak lemon", "apple river oak")).toBe(true);
    expect(descriptionHoldsPhrase("APPLE\nriver  oak", "apple river oak")).toBe(true);
    expect(descriptionHoldsPhrase("My phrase: apple river oak.", "apple river oak")).toBe(true);
  });

  it("does not accept a partial phrase or words glued to others", () => {
    expect(descriptionHoldsPhrase("apple river", "apple river oak")).toBe(false);
    expect(descriptionHoldsPhrase("pineapple river oak", "apple river oak")).toBe(false);
    expect(descriptionHoldsPhrase("apple river oaks", "apple river oak")).toBe(false);
    expect(descriptionHoldsPhrase("anything", "   ")).toBe(false);
  });
});
