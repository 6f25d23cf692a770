import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { HEADSHOT_SIZES, type HeadshotSize } from "../../../contract/roblox.js";
import { conflict, notFound } from "../../http/errors.js";
import {
  acceptFormPosts,
  addSandboxEntry,
  html,
  type SafeHtml,
  type SandboxContext,
  sendPage,
} from "../sandbox-home.js";
import { renderHeadshot } from "./headshot.js";
import {
  createSandboxUser,
  DESCRIPTION_MAX_LENGTH,
  findSandboxUser,
  findSandboxUsersByIds,
  findSandboxUsersByName,
  listSandboxUsers,
  SANDBOX_USERNAME_RULE,
  type SandboxRobloxUser,
  SandboxUserExistsError,
  setSandboxDescription,
} from "./sandbox-store.js";

const BASE = "/__sandbox/roblox";
const MAX_USERNAMES = 100;
const MAX_THUMBNAIL_IDS = 100;
const THUMBNAIL_FORMATS = ["png", "jpeg", "webp"];

/** Roblox's own error body: {errors: [{code, message}]}. */
function robloxError(reply: FastifyReply, status: number, code: number, message: string): FastifyReply {
  return reply.status(status).send({ errors: [{ code, message }] });
}

const usernameSchema = z
  .string({ error: "must be a string" })
  .trim()
  .regex(SANDBOX_USERNAME_RULE, "must be 3 to 20 letters, digits or underscores");
const descriptionSchema = z
  .string({ error: "must be a string" })
  .max(DESCRIPTION_MAX_LENGTH, `must be at most ${DESCRIPTION_MAX_LENGTH} characters`);
const createUserSchema = z.object({ username: usernameSchema, description: descriptionSchema.optional() });
const patchUserSchema = z.object({ description: descriptionSchema });
const idParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

function headshotUrl(ctx: SandboxContext, id: number, size: HeadshotSize): string {
  return `${ctx.config.publicUrl}${BASE}/cdn/headshot/${id}/${size}.png`;
}

/** Rendered PNGs by "id:size"; a face never changes, so a small bounded cache saves redrawing it. */
class PngCache {
  private entries = new Map<string, Buffer>();
  constructor(private max: number) {}
  get(id: number, size: number): Buffer {
    const key = `${id}:${size}`;
    let png = this.entries.get(key);
    if (!png) {
      png = renderHeadshot(id, size);
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, png);
    }
    return png;
  }
}

/**
 * The Roblox emulator: users.roblox.com and thumbnails.roblox.com in their real wire format (so RobloxClient
 * works unchanged), a CDN for the generated headshots, a JSON control API for tests, and HTML pages where a
 * tester creates users and edits the profile description that holds the login phrase.
 */
export async function registerRobloxSandbox(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  addSandboxEntry({
    name: "Roblox",
    path: BASE,
    description:
      "users.roblox.com and thumbnails.roblox.com: username lookup, profiles (put the login verification phrase " +
      "into a profile description here) and generated avatar headshots.",
  });
  await app.register(async (scope) => registerWireApi(scope, ctx));
  await app.register(async (scope) => {
    acceptFormPosts(scope);
    registerControlApi(scope, ctx);
    registerPages(scope, ctx);
  });
}

function registerWireApi(scope: FastifyInstance, ctx: SandboxContext): void {
  // Errors here leave in Roblox's shape, as a client of the real service would see them.
  scope.setErrorHandler((err: { statusCode?: number }, request, reply) => {
    const status = err.statusCode ?? 500;
    if (status >= 500) request.log.error({ err }, "roblox sandbox failed");
    return status >= 500
      ? robloxError(reply, 500, 0, "InternalServerError")
      : robloxError(reply, status, 0, "BadRequest");
  });

  scope.post(`${BASE}/users/v1/usernames/users`, async (request, reply) => {
    const body = request.body as { usernames?: unknown; excludeBannedUsers?: unknown } | undefined;
    const usernames = body?.usernames;
    if (!Array.isArray(usernames) || usernames.some((u) => typeof u !== "string")) {
      return robloxError(reply, 400, 0, "BadRequest");
    }
    if (body?.excludeBannedUsers !== undefined && typeof body.excludeBannedUsers !== "boolean") {
      return robloxError(reply, 400, 0, "BadRequest");
    }
    if (usernames.length > MAX_USERNAMES) return robloxError(reply, 400, 2, "Too many usernames.");
    const found = await findSandboxUsersByName(ctx.db, usernames as string[]);
    const byName = new Map(found.map((u) => [u.name.toLowerCase(), u]));
    const data = (usernames as string[]).flatMap((requested) => {
      const u = byName.get(requested.toLowerCase());
      return u
        ? [
            {
              requestedUsername: requested,
              hasVerifiedBadge: false,
              id: u.id,
              name: u.name,
              displayName: u.displayName,
            },
          ]
        : [];
    });
    return { data };
  });

  scope.get<{ Params: { id: string } }>(`${BASE}/users/v1/users/:id`, async (request, reply) => {
    if (!/^\d{1,15}$/.test(request.params.id)) return robloxError(reply, 400, 0, "The request is invalid.");
    const user = await findSandboxUser(ctx.db, Number(request.params.id));
    if (!user) return robloxError(reply, 404, 3, "The user id is invalid.");
    return {
      description: user.description,
      created: user.created.toISOString(),
      isBanned: false,
      externalAppDisplayName: null,
      hasVerifiedBadge: false,
      id: user.id,
      name: user.name,
      displayName: user.displayName,
    };
  });

  scope.get<{ Querystring: Record<string, string | undefined> }>(
    `${BASE}/thumbnails/v1/users/avatar-headshot`,
    async (request, reply) => {
      const q = request.query;
      const ids = (typeof q.userIds === "string" ? q.userIds : "").split(",").filter((s) => s.trim() !== "");
      if (ids.length === 0 || ids.some((s) => !/^\s*\d{1,15}\s*$/.test(s))) {
        return robloxError(reply, 400, 4, "The requested Ids are invalid, of an invalid type or missing.");
      }
      if (ids.length > MAX_THUMBNAIL_IDS)
        return robloxError(reply, 400, 1, "There are too many requested Ids.");
      const size = (typeof q.size === "string" ? q.size : "48x48") as HeadshotSize;
      if (!HEADSHOT_SIZES.includes(size)) {
        return robloxError(
          reply,
          400,
          3,
          "The requested size is invalid. Please see documentation for valid thumbnail size parameter name and format.",
        );
      }
      if (q.format !== undefined && !THUMBNAIL_FORMATS.includes(String(q.format).toLowerCase())) {
        return robloxError(reply, 400, 2, "The requested format is invalid.");
      }
      const wanted = [...new Set(ids.map(Number))];
      const existing = new Set((await findSandboxUsersByIds(ctx.db, wanted)).map((u) => u.id));
      return {
        data: wanted.map((id) =>
          existing.has(id)
            ? { targetId: id, state: "Completed", imageUrl: headshotUrl(ctx, id, size), version: "TN3" }
            : { targetId: id, state: "Blocked", imageUrl: null, version: "" },
        ),
      };
    },
  );

  const pngs = new PngCache(256);
  scope.get<{ Params: { id: string; file: string } }>(
    `${BASE}/cdn/headshot/:id/:file`,
    async (request, reply) => {
      const size = request.params.file.replace(/\.png$/, "") as HeadshotSize;
      if (
        !/^\d{1,15}$/.test(request.params.id) ||
        !request.params.file.endsWith(".png") ||
        !HEADSHOT_SIZES.includes(size)
      ) {
        return reply.status(404).type("text/plain").send("Not found");
      }
      return (
        reply
          .type("image/png")
          .header("Cache-Control", "public, max-age=86400, immutable")
          // Pages on another origin (PUBLIC_URL's host differing from the browser's) embed these, as they would rbxcdn.
          .header("Cross-Origin-Resource-Policy", "cross-origin")
          .send(pngs.get(Number(request.params.id), Number(size.split("x")[0])))
      );
    },
  );
}

function userView(u: SandboxRobloxUser) {
  return {
    id: u.id,
    name: u.name,
    displayName: u.displayName,
    description: u.description,
    created: u.created.toISOString(),
  };
}

function registerControlApi(scope: FastifyInstance, ctx: SandboxContext): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  api.post(`${BASE}/users`, { schema: { body: createUserSchema } }, async (request, reply) => {
    try {
      const user = await createSandboxUser(ctx.db, request.body.username, request.body.description ?? "");
      return reply.status(201).send({ id: user.id, name: user.name });
    } catch (err) {
      if (err instanceof SandboxUserExistsError) throw conflict(err.message);
      throw err;
    }
  });

  api.patch(
    `${BASE}/users/:id`,
    { schema: { params: idParamsSchema, body: patchUserSchema } },
    async (request) => {
      const user = await setSandboxDescription(ctx.db, request.params.id, request.body.description);
      if (!user) throw notFound("No such sandbox Roblox user");
      return { id: user.id, name: user.name, description: user.description };
    },
  );

  api.get(`${BASE}/users-list`, async () => ({ users: (await listSandboxUsers(ctx.db)).map(userView) }));
}

function formValue(body: unknown, field: string): unknown {
  return body && typeof body === "object" ? (body as Record<string, unknown>)[field] : undefined;
}

function notice(kind: "ok" | "bad", text: string | null): SafeHtml | null {
  return text
    ? html`<p class="notice ${kind}" role="${kind === "bad" ? "alert" : "status"}">${text}</p>`
    : null;
}

function avatarImg(u: SandboxRobloxUser): SafeHtml {
  return html`<img class="avatar" src="${BASE}/cdn/headshot/${u.id}/150x150.png" alt="Avatar of ${u.name}" width="48" height="48">`;
}

function registerPages(scope: FastifyInstance, ctx: SandboxContext): void {
  const listPage = async (
    reply: FastifyReply,
    status: number,
    opts: { ok?: string; error?: string; username?: string },
  ) => {
    const users = await listSandboxUsers(ctx.db);
    return sendPage(
      reply,
      status,
      "Roblox",
      html`<h1>Roblox sandbox</h1>
<p class="lead">Stands in for users.roblox.com and thumbnails.roblox.com. To log in to Autodrop as one of these users,
copy the verification phrase shown on the login page into the user's profile description (Edit description), save it,
then click Verify &amp; Login.</p>
${notice("ok", opts.ok ?? null)}${notice("bad", opts.error ?? null)}
<h2>Create a user</h2>
<form class="card inline" method="post" action="${BASE}/users/new">
  <div><label for="username">Username</label>
  <input id="username" name="username" type="text" required minlength="3" maxlength="20" pattern="[A-Za-z0-9_]{3,20}" value="${opts.username ?? ""}" autocomplete="off">
  <p class="hint">3 to 20 letters, digits or underscores.</p></div>
  <button type="submit">Create user</button>
</form>
<h2>Users (${users.length})</h2>
${
  users.length === 0
    ? html`<p class="card">No sandbox Roblox users yet.</p>`
    : html`<table>
<thead><tr><th>Avatar</th><th>User id</th><th>Username</th><th>Profile description</th><th></th></tr></thead>
<tbody>
${users.map(
  (u) => html`<tr>
<td>${avatarImg(u)}</td><td>${u.id}</td><td>${u.name}</td><td class="desc">${u.description}</td>
<td><a class="button" href="${BASE}/users/${u.id}/edit" aria-label="Edit description of ${u.name}">Edit description</a></td>
</tr>
`,
)}</tbody>
</table>`
}`,
    );
  };

  const editPage = (
    reply: FastifyReply,
    status: number,
    user: SandboxRobloxUser,
    description: string,
    error?: string,
  ) =>
    sendPage(
      reply,
      status,
      `Edit ${user.name}`,
      html`<h1>${avatarImg(user)} ${user.name}</h1>
<p class="lead">Roblox user ${user.id}. Paste the Autodrop verification phrase anywhere in the description.</p>
${notice("bad", error ?? null)}
<form class="card" method="post" action="${BASE}/users/${user.id}/edit">
  <label for="description">Profile description</label>
  <textarea id="description" name="description" maxlength="${DESCRIPTION_MAX_LENGTH}">${description}</textarea>
  <p><button type="submit">Save description</button> <a class="button" href="${BASE}">Cancel</a></p>
</form>`,
    );

  scope.get<{ Querystring: { created?: string; saved?: string } }>(BASE, async (request, reply) => {
    const flashId = Number(request.query.created ?? request.query.saved);
    const flashed =
      Number.isSafeInteger(flashId) && flashId > 0 ? await findSandboxUser(ctx.db, flashId) : null;
    const ok = flashed
      ? request.query.created
        ? `Created ${flashed.name} (user id ${flashed.id}).`
        : `Saved the profile description of ${flashed.name}.`
      : undefined;
    return listPage(reply, 200, { ok });
  });

  scope.post(`${BASE}/users/new`, async (request, reply) => {
    const raw = formValue(request.body, "username");
    const parsed = usernameSchema.safeParse(raw);
    if (!parsed.success) {
      return listPage(reply, 400, {
        error: "Username must be 3 to 20 letters, digits or underscores.",
        username: typeof raw === "string" ? raw : "",
      });
    }
    try {
      const user = await createSandboxUser(ctx.db, parsed.data);
      return reply.redirect(`${BASE}?created=${user.id}`, 303);
    } catch (err) {
      if (err instanceof SandboxUserExistsError)
        return listPage(reply, 409, { error: err.message, username: parsed.data });
      throw err;
    }
  });

  const pageUser = async (id: string) => (/^\d{1,15}$/.test(id) ? findSandboxUser(ctx.db, Number(id)) : null);

  scope.get<{ Params: { id: string } }>(`${BASE}/users/:id/edit`, async (request, reply) => {
    const user = await pageUser(request.params.id);
    if (!user) return sendPage(reply, 404, "Not found", html`<h1>No such sandbox Roblox user</h1>`);
    return editPage(reply, 200, user, user.description);
  });

  scope.post<{ Params: { id: string } }>(`${BASE}/users/:id/edit`, async (request, reply) => {
    const user = await pageUser(request.params.id);
    if (!user) return sendPage(reply, 404, "Not found", html`<h1>No such sandbox Roblox user</h1>`);
    const raw = formValue(request.body, "description") ?? "";
    const parsed = descriptionSchema.safeParse(raw);
    if (!parsed.success) {
      const text = typeof raw === "string" ? raw : "";
      return editPage(
        reply,
        400,
        user,
        text,
        `The description must be at most ${DESCRIPTION_MAX_LENGTH} characters.`,
      );
    }
    await setSandboxDescription(ctx.db, user.id, parsed.data);
    return reply.redirect(`${BASE}?saved=${user.id}`, 303);
  });
}
