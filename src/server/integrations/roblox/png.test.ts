import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { at } from "../../db/rows.js";
import { crc32, encodePng, PNG_SIGNATURE } from "./png.js";

interface Chunk {
  type: string;
  data: Buffer;
  crc: number;
}

function readChunks(png: Buffer): Chunk[] {
  const chunks: Chunk[] = [];
  let at = 8;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString("latin1", at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    chunks.push({ type, data, crc: png.readUInt32BE(at + 8 + length) });
    at += 12 + length;
  }
  return chunks;
}

describe("crc32", () => {
  it("matches the standard check value", () => {
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
    expect(crc32(Buffer.from("IEND"))).toBe(0xae426082);
  });
});

describe("encodePng", () => {
  const width = 3;
  const height = 2;
  const pixels = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
  const png = encodePng(width, height, pixels);
  const chunks = readChunks(png);

  it("starts with the PNG signature and has IHDR, IDAT, IEND in order", () => {
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(chunks.map((c) => c.type)).toEqual(["IHDR", "IDAT", "IEND"]);
  });

  it("describes an 8-bit truecolour image of the requested size", () => {
    const ihdr = at(chunks, 0).data;
    expect(ihdr.length).toBe(13);
    expect(ihdr.readUInt32BE(0)).toBe(width);
    expect(ihdr.readUInt32BE(4)).toBe(height);
    expect([...ihdr.subarray(8)]).toEqual([8, 2, 0, 0, 0]);
  });

  it("gives every chunk a CRC over its type and data", () => {
    for (const c of chunks) {
      expect(c.crc).toBe(crc32(Buffer.concat([Buffer.from(c.type, "latin1"), c.data])));
    }
  });

  it("stores the pixels as filtered scanlines in a zlib stream", () => {
    const raw = inflateSync(at(chunks, 1).data);
    expect(raw.length).toBe((width * 3 + 1) * height);
    expect(raw[0]).toBe(0);
    expect([...raw.subarray(1, 10)]).toEqual([...pixels.subarray(0, 9)]);
    expect(raw[10]).toBe(0);
    expect([...raw.subarray(11)]).toEqual([...pixels.subarray(9)]);
  });

  it("refuses a pixel buffer of the wrong size", () => {
    expect(() => encodePng(2, 2, new Uint8Array(5))).toThrow();
  });
});
