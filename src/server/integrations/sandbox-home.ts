import type { FastifyInstance, FastifyReply } from "fastify";
import type { Clock } from "../clock.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { at } from "../db/rows.js";

/**
 * What an emulator needs from the app: its configuration (shared credentials, URLs), the database its state lives
 * in, and the app's clock (so invoice lifetimes agree with the app's, fixed clocks in tests included).
 */
export interface SandboxContext {
  config: Config;
  db: Db;
  clock: Clock;
}

interface SandboxEntry {
  name: string;
  /** Where its page lives, e.g. "/__sandbox/roblox". */
  path: string;
  description: string;
}

const entries: SandboxEntry[] = [];

/** Lists an emulator on the /__sandbox home page; adding the same path again replaces the entry. */
export function addSandboxEntry(entry: SandboxEntry): void {
  const at = entries.findIndex((e) => e.path === entry.path);
  if (at >= 0) entries[at] = entry;
  else entries.push(entry);
}

/** HTML that is already safe to emit (built by `html`). */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

function renderValue(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(renderValue).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}

/** Template tag for the sandbox pages: every interpolated value is escaped unless it is SafeHtml itself. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = at(strings, 0);
  values.forEach((value, i) => {
    out += renderValue(value) + at(strings, i + 1);
  });
  return new SafeHtml(out);
}

const SANDBOX_STYLESHEET_PATH = "/__sandbox/assets/sandbox.css";

// --accent is dark enough for 4.5:1 both as link text on the grey page and behind white button text.
const STYLESHEET = `
:root { color-scheme: light; --ink: #1f2430; --muted: #5b6375; --line: #d9dde6; --accent: #1d5bd6; --bad: #b42318; --ok: #067647; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f5f6f9; }
header.bar { background: #1f2430; color: #fff; padding: 12px 24px; display: flex; gap: 16px; align-items: baseline; }
header.bar a { color: #c9d6ff; text-decoration: none; }
header.bar strong { font-size: 17px; }
main { max-width: 1000px; margin: 0 auto; padding: 24px; }
h1 { font-size: 24px; margin: 0 0 4px; display: flex; gap: 12px; align-items: center; }
h2 { font-size: 18px; margin: 28px 0 8px; }
p.lead { color: var(--muted); margin: 0 0 16px; }
.card { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 16px; }
table { width: 100%; border-collapse: collapse; background: #fff; border: 1px solid var(--line); border-radius: 8px; }
th, td { text-align: left; padding: 8px 12px; border-bottom: 1px solid var(--line); vertical-align: middle; }
th { font-size: 13px; color: var(--muted); font-weight: 600; }
td.desc { white-space: pre-wrap; word-break: break-word; max-width: 420px; }
img.avatar { width: 48px; height: 48px; border-radius: 50%; display: block; background: #e6e8ee; }
form.inline, .actions { display: flex; gap: 8px; align-items: end; flex-wrap: wrap; }
label { display: block; font-weight: 600; font-size: 14px; margin-bottom: 4px; }
input[type=text], textarea { font: inherit; padding: 7px 10px; border: 1px solid #b8bfcc; border-radius: 6px; min-width: 260px; }
textarea { width: 100%; min-height: 140px; }
button { font: inherit; font-weight: 600; padding: 7px 14px; border-radius: 6px; border: 0; background: var(--accent); color: #fff; cursor: pointer; }
a.button { display: inline-block; padding: 4px 10px; border: 1px solid var(--line); border-radius: 6px; text-decoration: none; color: var(--accent); }
.notice { padding: 10px 14px; border-radius: 6px; margin: 0 0 16px; }
.notice.ok { background: #ecfdf3; color: var(--ok); border: 1px solid #abefc6; }
.notice.bad { background: #fef3f2; color: var(--bad); border: 1px solid #fecdca; }
.hint { color: var(--muted); font-size: 13px; margin: 4px 0 0; }
code { background: #eef0f5; padding: 1px 5px; border-radius: 4px; }
ul.emulators { list-style: none; padding: 0; display: grid; gap: 12px; }
ul.emulators a { font-weight: 600; font-size: 16px; color: var(--accent); }
/* On a phone, table rows stack their cells so a long message gets the full width instead of a sliver. */
@media (max-width: 640px) {
  header.bar { flex-wrap: wrap; }
  main { padding: 16px; }
  table, tbody, tr, td { display: block; width: 100%; }
  thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  td { border-bottom: 0; padding: 4px 12px; }
  tr { border-bottom: 1px solid var(--line); padding: 8px 0; }
  td.desc { max-width: none; }
  dd { margin-left: 0; }
  code { overflow-wrap: anywhere; }
}
`;

/** A whole sandbox page: shared header and stylesheet (no scripts: the CSP forbids inline ones). */
function sandboxPage(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Autodrop sandbox</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="${SANDBOX_STYLESHEET_PATH}">
</head>
<body>
<header class="bar"><strong>Autodrop sandbox</strong><a href="/__sandbox">All emulators</a><a href="/">Back to the app</a></header>
<main>
${body}
</main>
</body>
</html>
`.value;
}

export function sendPage(reply: FastifyReply, status: number, title: string, body: SafeHtml): FastifyReply {
  return reply
    .status(status)
    .type("text/html; charset=utf-8")
    .header("Cache-Control", "no-store")
    .send(sandboxPage(title, body));
}

/**
 * Lets a scope accept classic HTML form posts. Call it inside an encapsulated plugin so the /api routes keep
 * accepting JSON only.
 */
export function acceptFormPosts(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}

/** /__sandbox: the home page listing every emulator, and the shared stylesheet. */
export async function registerSandboxHome(app: FastifyInstance, _ctx: SandboxContext): Promise<void> {
  app.get(SANDBOX_STYLESHEET_PATH, async (_request, reply) =>
    reply.type("text/css; charset=utf-8").header("Cache-Control", "public, max-age=300").send(STYLESHEET),
  );
  app.get("/__sandbox", async (_request, reply) =>
    sendPage(
      reply,
      200,
      "Emulators",
      html`<h1>Sandbox emulators</h1>
<p class="lead">Stand-ins for the external services Autodrop talks to. They speak each service's real API, so the app
runs end to end on this machine. Their state lives in the app's database.</p>
<ul class="emulators">
${entries.map(
  (e) => html`<li class="card"><a href="${e.path}">${e.name}</a><p class="hint">${e.description}</p></li>
`,
)}</ul>`,
    ),
  );
}
