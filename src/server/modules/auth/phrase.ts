import { randomInt } from "node:crypto";

/**
 * Plain, filter-safe English words: Roblox hides numbers and many words in profile descriptions, so the phrase is
 * made only of everyday nouns.
 */
export const PHRASE_WORDS: readonly string[] = `
  acorn amber anchor apple apricot arrow aspen autumn badge bakery bamboo banana banjo barley basket
  beacon bean beaver berry birch biscuit blossom blueberry bottle breeze brick bridge brook bubble bucket
  bunny butter button cabin cactus camel candle canoe canyon carrot castle cedar cello cereal chalk
  cherry chess chestnut cinnamon clover cloud coconut comet compass cookie copper coral cotton cradle
  crayon cricket crystal cupcake daisy dolphin donut dragon drum eagle ember emerald falcon feather fern
  fiddle finch fireplace flute forest fossil fountain fox garden garnet ginger giraffe glacier globe
  goose granite grape guitar hammock harbor harp hazel hedgehog helmet heron hill honey horizon iceberg
  igloo island ivory jacket jasmine jelly jigsaw journal juniper kayak kettle kite kiwi koala ladder
  lagoon lantern lava lemon lettuce library lighthouse lily lime lobster locket lotus magnet mango maple
  marble meadow melon meteor mint mitten moon mosaic moss muffin mushroom nectar needle nest nimbus
  noodle nutmeg oak oasis ocean olive orange orchid otter owl paddle pancake panda paper parrot peach
  peanut pebble pelican penguin pepper piano pickle pillow pine planet plum pocket pond popcorn poppy
  potato pretzel pumpkin puzzle quartz quill rabbit radish rainbow raven reef ribbon river robin rocket
  rose ruby saddle saffron sailboat salmon sandal sapphire scarf seashell shadow sheep silver sketch sled
  snail snowflake sparrow spinach sponge spruce squirrel star stone strawberry sugar summit sunflower
  swan teapot thistle thunder tiger toast tomato topaz tortoise trail tulip tunnel turnip umbrella valley
  velvet violet volcano waffle walnut walrus water whale wheat whistle willow window winter wizard wombat
  yarn yogurt zebra zephyr
`
  .trim()
  .split(/\s+/);

export const PHRASE_WORD_COUNT = 6;

/** A fresh verification phrase: PHRASE_WORD_COUNT random words (48 bits of entropy), lower case, single spaces. */
export function generatePhrase(words: readonly string[] = PHRASE_WORDS, count = PHRASE_WORD_COUNT): string {
  return Array.from({ length: count }, () => words[randomInt(words.length)]).join(" ");
}

/** Letter case, spacing and punctuation do not matter when a phrase is typed or pasted. */
export function normalisePhrase(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Whether a profile description holds the phrase as whole words, in order, with anything around it. */
export function descriptionHoldsPhrase(description: string, phrase: string): boolean {
  const wanted = normalisePhrase(phrase);
  return wanted !== "" && ` ${normalisePhrase(description)} `.includes(` ${wanted} `);
}
