import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { registerSecurityHeaders } from "./security-headers.js";

describe("registerSecurityHeaders", () => {
  it("sends helmet's headers for the options on every route but one that opts out, and a route may override one", async () => {
    const app = Fastify({ logger: false });
    registerSecurityHeaders(app, { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"] } } });
    app.get("/page", async () => "page");
    app.get("/own", async (_request, reply) => reply.header("X-Frame-Options", "DENY").send("own"));
    app.post("/hook", { config: { securityHeaders: false } }, async () => ({ ok: true }));
    const page = await app.inject({ method: "GET", url: "/page" });
    expect(page.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    expect((await app.inject({ method: "GET", url: "/own" })).headers["x-frame-options"]).toBe("DENY");
    const hook = await app.inject({ method: "POST", url: "/hook" });
    expect(hook.headers["content-security-policy"]).toBeUndefined();
    expect(hook.headers["x-content-type-options"]).toBeUndefined();
    await app.close();
  });
});
