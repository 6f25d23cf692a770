import { desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { sandboxWebhookReceipts } from "../../db/schema/index.js";
import { addSandboxEntry, html, type SandboxContext, sendPage } from "../sandbox-home.js";

const SANDBOX_WEBHOOK_PATH = "/__sandbox/webhooks";
const SHOWN = 50;

/**
 * A webhook receiver for testers without a server: POST anything under /__sandbox/webhooks/… and it is recorded
 * (headers and raw body, as sent) and listed on its page; the JSON list serves tests.
 */
export async function registerWebhookSandbox(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  addSandboxEntry({
    name: "Webhook receiver",
    path: SANDBOX_WEBHOOK_PATH,
    description:
      "Stands in for a seller's HTTPS endpoint: point the API Integration page's webhook at " +
      `${SANDBOX_WEBHOOK_PATH}/receiver and every signed delivery shows up here.`,
  });
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));
    scope.post<{ Params: { name: string } }>(`${SANDBOX_WEBHOOK_PATH}/:name`, async (request, reply) => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(
          ([name]) => name.startsWith("autodrop-") || name === "content-type",
        ),
      );
      await ctx.db.insert(sandboxWebhookReceipts).values({
        path: request.params.name,
        headers,
        body: typeof request.body === "string" ? request.body : "",
      });
      return reply.status(204).send();
    });
  });

  const recent = () =>
    ctx.db.select().from(sandboxWebhookReceipts).orderBy(desc(sandboxWebhookReceipts.id)).limit(SHOWN);

  app.get(`${SANDBOX_WEBHOOK_PATH}/receipts.json`, async () =>
    (await recent()).map((r) => ({ ...r, receivedAt: r.receivedAt.toISOString() })),
  );

  app.get(SANDBOX_WEBHOOK_PATH, async (_request, reply) => {
    const rows = await recent();
    return sendPage(
      reply,
      200,
      "Webhook receiver",
      html`<h1>Webhook receiver</h1>
<p class="lead">Point the webhook of the API Integration page at <code>${ctx.config.publicUrl}${SANDBOX_WEBHOOK_PATH}/receiver</code>. The latest ${SHOWN} deliveries, newest first.</p>
${
  rows.length === 0
    ? html`<p class="card">Nothing received yet.</p>`
    : html`<table><thead><tr><th>Received</th><th>Path</th><th>Headers</th><th>Body</th></tr></thead><tbody>
${rows.map(
  (r) =>
    html`<tr><td>${r.receivedAt.toISOString()}</td><td>${r.path}</td><td class="desc">${Object.entries(
      r.headers as Record<string, string>,
    )
      .map(([k, v]) => `${k}: ${v}`)
      .join("\n")}</td><td class="desc">${r.body}</td></tr>`,
)}
</tbody></table>`
}`,
    );
  });
}
