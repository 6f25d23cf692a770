import { describe, expect, it } from "vitest";
import { ResponseReader, serialise } from "./load.js";

const response = (status: number, body: string) =>
  `HTTP/1.1 ${status} X\r\ncontent-type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

describe("the benchmark's HTTP client", () => {
  it("reads responses split across chunks and several in one chunk", () => {
    const reader = new ResponseReader();
    const first = response(200, '{"ok":true}');
    const stream = Buffer.from(first + response(401, '{"error":"no"}') + response(200, "{}"));
    expect(reader.push(stream.subarray(0, 10))).toEqual([]);
    expect(reader.push(stream.subarray(10, first.length + 5))).toEqual([200]);
    expect(reader.push(stream.subarray(first.length + 5))).toEqual([401, 200]);
  });

  it("refuses a response it cannot frame rather than miscounting", () => {
    const reader = new ResponseReader();
    expect(() => reader.push(Buffer.from("HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n"))).toThrow(
      /Content-Length/,
    );
  });

  it("writes the body's byte length, not its character count", () => {
    const raw = serialise("127.0.0.1:1", {
      method: "POST",
      path: "/x",
      headers: { a: "b" },
      body: "é",
    }).toString();
    expect(raw).toContain("content-length: 2\r\n");
    expect(raw.endsWith("\r\n\r\né")).toBe(true);
  });
});
