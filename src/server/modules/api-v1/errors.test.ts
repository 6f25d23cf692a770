import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerApiErrorHandler } from "./openapi.js";

describe("the public API's error handler", () => {
  it("answers an unexpected failure as 500 internal_error without its message or stack", async () => {
    const app = Fastify({ logger: false });
    registerApiErrorHandler(app);
    app.get("/boom", async () => {
      throw new Error("connection string postgres://secret@db");
    });
    const res = await app.inject({ method: "GET", url: "/boom" });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: "Internal server error", code: "internal_error" });
    expect(res.body).not.toContain("secret");
    await app.close();
  });

  it("gives a malformed JSON body the invalid_request code", async () => {
    const app = Fastify({ logger: false });
    registerApiErrorHandler(app);
    app.post("/x", async () => ({}));
    const res = await app.inject({
      method: "POST",
      url: "/x",
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Invalid request body", code: "invalid_request" });
    await app.close();
  });
});
