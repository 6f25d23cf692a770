import { describe, expect, it } from "vitest";
import { crc32, PNG_SIGNATURE } from "../../src/server/integrations/roblox/png.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { ensureRobloxUser, uniqueIp } from "./helpers.js";

const ROBLOX = "/__sandbox/roblox";

describe.each(DRIVERS)("Roblox sandbox and avatar proxy on %s", (driver) => {
  const t = useTestApp(driver);
  const publicUrl = () => t.app.ctx.config.publicUrl;
  const get = (url: string) => t.app.inject({ method: "GET", url, remoteAddress: uniqueIp() });
  const postJson = (url: string, payload: unknown) =>
    t.app.inject({ method: "POST", url, payload: payload as object });
  const postForm = (url: string, fields: Record<string, string>) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(fields).toString(),
    });

  describe("control API", () => {
    it("creates a user (201 {id, name}) and refuses a taken name in any letter case (409)", async () => {
      const res = await postJson(`${ROBLOX}/users`, { username: "Control_1", description: "hi" });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ id: expect.any(Number), name: "Control_1" });
      const dup = await postJson(`${ROBLOX}/users`, { username: "control_1" });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().error).toContain("already exists");
    });

    it("validates Roblox's username rule", async () => {
      for (const username of ["ab", "a".repeat(21), "has space", "dash-name", 12345]) {
        const res = await postJson(`${ROBLOX}/users`, { username });
        expect(res.statusCode, String(username)).toBe(400);
        expect(res.json().error).toMatch(/username/);
      }
    });

    it("edits a description (PATCH) and lists users", async () => {
      const id = await ensureRobloxUser(t.app, "Control_2");
      const res = await t.app.inject({
        method: "PATCH",
        url: `${ROBLOX}/users/${id}`,
        payload: { description: "new words" },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id, name: "Control_2", description: "new words" });
      const missing = await t.app.inject({
        method: "PATCH",
        url: `${ROBLOX}/users/999999999`,
        payload: { description: "x" },
      });
      expect(missing.statusCode).toBe(404);
      const tooLong = await t.app.inject({
        method: "PATCH",
        url: `${ROBLOX}/users/${id}`,
        payload: { description: "x".repeat(1001) },
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().error).toMatch(/description/);

      const list = await get(`${ROBLOX}/users-list`);
      expect(list.statusCode).toBe(200);
      const entry = list.json().users.find((u: { id: number }) => u.id === id);
      expect(entry).toEqual({
        id,
        name: "Control_2",
        displayName: "Control_2",
        description: "new words",
        created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    });
  });

  describe("users.roblox.com wire format", () => {
    it("looks usernames up case-insensitively, leaving unknown names out", async () => {
      const id = await ensureRobloxUser(t.app, "WireUser");
      const res = await postJson(`${ROBLOX}/users/v1/usernames/users`, {
        usernames: ["wireuser", "NoSuchWireUser"],
        excludeBannedUsers: true,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: [
          {
            requestedUsername: "wireuser",
            hasVerifiedBadge: false,
            id,
            name: "WireUser",
            displayName: "WireUser",
          },
        ],
      });
    });

    it("answers a bad body with Roblox's error shape", async () => {
      for (const payload of [{}, { usernames: "WireUser" }, { usernames: [1] }]) {
        const res = await postJson(`${ROBLOX}/users/v1/usernames/users`, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ errors: [{ code: expect.any(Number), message: expect.any(String) }] });
      }
      const malformed = await t.app.inject({
        method: "POST",
        url: `${ROBLOX}/users/v1/usernames/users`,
        headers: { "content-type": "application/json" },
        payload: "{nope",
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ errors: [{ code: 0, message: "BadRequest" }] });
      const tooMany = await postJson(`${ROBLOX}/users/v1/usernames/users`, {
        usernames: Array.from({ length: 101 }, (_, i) => `u${i}`),
      });
      expect(tooMany.json()).toEqual({ errors: [{ code: 2, message: "Too many usernames." }] });
    });

    it("returns a user with the description, and Roblox's 404 for a missing id", async () => {
      const id = await ensureRobloxUser(t.app, "DetailUser");
      await t.app.inject({
        method: "PATCH",
        url: `${ROBLOX}/users/${id}`,
        payload: { description: "about me" },
      });
      const res = await get(`${ROBLOX}/users/v1/users/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        description: "about me",
        created: expect.stringMatching(/Z$/),
        isBanned: false,
        externalAppDisplayName: null,
        hasVerifiedBadge: false,
        id,
        name: "DetailUser",
        displayName: "DetailUser",
      });
      const missing = await get(`${ROBLOX}/users/v1/users/424242424242`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ errors: [{ code: 3, message: "The user id is invalid." }] });
    });
  });

  describe("thumbnails.roblox.com and the CDN", () => {
    it("answers avatar-headshot with Completed entries for users and Blocked for unknown ids", async () => {
      const id = await ensureRobloxUser(t.app, "ThumbUser");
      const res = await get(
        `${ROBLOX}/thumbnails/v1/users/avatar-headshot?userIds=${id},424242424242&size=420x420&format=Png&isCircular=false`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        data: [
          {
            targetId: id,
            state: "Completed",
            imageUrl: `${publicUrl()}${ROBLOX}/cdn/headshot/${id}/420x420.png`,
            version: expect.any(String),
          },
          { targetId: 424242424242, state: "Blocked", imageUrl: null, version: "" },
        ],
      });
    });

    it("refuses bad sizes, formats and ids with Roblox's error codes", async () => {
      const base = `${ROBLOX}/thumbnails/v1/users/avatar-headshot`;
      expect((await get(`${base}?userIds=1&size=33x33`)).json().errors[0].code).toBe(3);
      expect((await get(`${base}?userIds=1&size=48x48&format=Gif`)).json().errors[0].code).toBe(2);
      const noIds = await get(`${base}?size=48x48`);
      expect(noIds.statusCode).toBe(400);
      expect(noIds.json()).toEqual({
        errors: [{ code: 4, message: "The requested Ids are invalid, of an invalid type or missing." }],
      });
      expect((await get(`${base}?userIds=1,abc`)).json().errors[0].code).toBe(4);
    });

    it("serves a real PNG of the requested size, the same picture every time", async () => {
      const id = await ensureRobloxUser(t.app, "PngUser");
      for (const size of [48, 150]) {
        const res = await get(`${ROBLOX}/cdn/headshot/${id}/${size}x${size}.png`);
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toBe("image/png");
        expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
        const png = res.rawPayload;
        expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
        expect(png.toString("latin1", 12, 16)).toBe("IHDR");
        expect(png.readUInt32BE(16)).toBe(size);
        expect(png.readUInt32BE(20)).toBe(size);
        expect(png.readUInt32BE(29)).toBe(crc32(png.subarray(12, 29)));
        expect(png.toString("latin1", png.length - 8, png.length - 4)).toBe("IEND");
      }
      const a = (await get(`${ROBLOX}/cdn/headshot/${id}/48x48.png`)).rawPayload;
      const b = (await get(`${ROBLOX}/cdn/headshot/${id}/48x48.png`)).rawPayload;
      const other = (await get(`${ROBLOX}/cdn/headshot/${id + 1}/48x48.png`)).rawPayload;
      expect(a.equals(b)).toBe(true);
      expect(a.equals(other)).toBe(false);
      expect((await get(`${ROBLOX}/cdn/headshot/${id}/47x47.png`)).statusCode).toBe(404);
    });

    it("lets the unchanged RobloxClient talk to the emulator", async () => {
      const id = await ensureRobloxUser(t.app, "ClientUser");
      const client = t.app.ctx.providers.roblox;
      expect(await client.findUserByUsername("CLIENTUSER")).toEqual({
        id,
        name: "ClientUser",
        displayName: "ClientUser",
      });
      expect(await client.findUserByUsername("NotAClientUser")).toBeNull();
      expect((await client.getUser(id))?.description).toBe("");
      expect(await client.getUser(424242424242)).toBeNull();
      expect(await client.getHeadshotUrl(id, "48x48")).toBe(
        `${publicUrl()}${ROBLOX}/cdn/headshot/${id}/48x48.png`,
      );
      expect(await client.getHeadshotUrl(424242424242)).toBeNull();
    });
  });

  describe("GET /api/roblox/avatar/:userId", () => {
    it("redirects to the headshot image with an hour of caching", async () => {
      const id = await ensureRobloxUser(t.app, "AvatarUser");
      const res = await get(`/api/roblox/avatar/${id}?size=48x48`);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`${publicUrl()}${ROBLOX}/cdn/headshot/${id}/48x48.png`);
      expect(res.headers["cache-control"]).toBe("public, max-age=3600");
      const defaultSize = await get(`/api/roblox/avatar/${id}`);
      expect(defaultSize.headers.location).toMatch(/150x150\.png$/);
    });

    it("answers a JSON 404 when Roblox has no image, and 400 naming a bad id or size", async () => {
      const missing = await get("/api/roblox/avatar/424242424242?size=48x48");
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: "Avatar not found" });
      const badId = await get("/api/roblox/avatar/abc");
      expect(badId.statusCode).toBe(400);
      expect(badId.json().error).toMatch(/userId/);
      const badSize = await get("/api/roblox/avatar/1?size=32x32");
      expect(badSize.statusCode).toBe(400);
      expect(badSize.json().error).toMatch(/size/);
    });

    it("is rate limited per address", async () => {
      const ip = "198.51.100.9";
      let last = 0;
      for (let i = 0; i < 301; i++) {
        last = (await t.app.inject({ method: "GET", url: "/api/roblox/avatar/abc", remoteAddress: ip }))
          .statusCode;
      }
      expect(last).toBe(429);
    });
  });

  describe("pages", () => {
    it("renders the /__sandbox home with the Roblox emulator, without scripts", async () => {
      const res = await get("/__sandbox");
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expect(res.body).toContain(`<a href="${ROBLOX}">Roblox</a>`);
      expect(res.body).not.toMatch(/<script/i);
      const css = await get("/__sandbox/assets/sandbox.css");
      expect(css.headers["content-type"]).toContain("text/css");
    });

    it("lists users with avatars and escaped descriptions, and edits a description by form", async () => {
      const id = await ensureRobloxUser(t.app, "PageUser");
      await t.app.inject({
        method: "PATCH",
        url: `${ROBLOX}/users/${id}`,
        payload: { description: `<script>alert("x")</script>` },
      });
      const page = await get(ROBLOX);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
      expect(page.body).not.toMatch(/<script/i);
      expect(page.body).toContain(`src="${ROBLOX}/cdn/headshot/${id}/150x150.png"`);
      expect(page.body).toContain(`href="${ROBLOX}/users/${id}/edit"`);
      expect(page.body).toMatch(/<label for="username">Username<\/label>/);
      expect(page.body).toContain(">Create user</button>");
      expect(page.headers["content-security-policy"]).toContain(`img-src 'self'`);
      expect(page.headers["content-security-policy"]).toContain(new URL(publicUrl()).origin);

      const edit = await get(`${ROBLOX}/users/${id}/edit`);
      expect(edit.statusCode).toBe(200);
      expect(edit.body).toMatch(/<label for="description">Profile description<\/label>/);
      expect(edit.body).toContain('name="description"');
      expect(edit.body).toContain(">Save description</button>");

      const saved = await postForm(`${ROBLOX}/users/${id}/edit`, { description: "apple river oak" });
      expect(saved.statusCode).toBe(303);
      expect(saved.headers.location).toBe(`${ROBLOX}?saved=${id}`);
      expect((await get(`${ROBLOX}/users/v1/users/${id}`)).json().description).toBe("apple river oak");
      expect((await get(saved.headers.location as string)).body).toContain(
        "Saved the profile description of PageUser.",
      );
      expect((await get(`${ROBLOX}/users/999999999/edit`)).statusCode).toBe(404);
    });

    it("creates a user by form, and shows errors for a bad or taken name", async () => {
      const created = await postForm(`${ROBLOX}/users/new`, { username: "FormMade" });
      expect(created.statusCode).toBe(303);
      const list = (await get(`${ROBLOX}/users-list`)).json().users;
      const made = list.find((u: { name: string }) => u.name === "FormMade");
      expect(created.headers.location).toBe(`${ROBLOX}?created=${made.id}`);
      expect((await get(created.headers.location as string)).body).toContain(
        `Created FormMade (user id ${made.id}).`,
      );

      const bad = await postForm(`${ROBLOX}/users/new`, { username: "x<y" });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain("Username must be 3 to 20 letters, digits or underscores.");
      expect(bad.body).toContain('value="x&lt;y"');
      const taken = await postForm(`${ROBLOX}/users/new`, { username: "formmade" });
      expect(taken.statusCode).toBe(409);
      expect(taken.body).toContain("already exists");
    });

    it("does not accept form posts on the JSON API", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "username=FormMade",
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode).toBe(415);
    });
  });
});
