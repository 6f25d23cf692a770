import fs from "node:fs";
import path from "node:path";
import { constants as zlib } from "node:zlib";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyRequest } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { showsClaimAtRoot } from "../contract/claim-host.js";
import { PAGE_FIRST_CALLS } from "../contract/page-first-calls.js";
import { isPagePath } from "../contract/pages.js";
import { hasSignedInHintIn } from "../contract/session-hint.js";
import { type Clock, systemClock } from "./clock.js";
import type { Config } from "./config.js";
import type { AppContext, AppModule } from "./context.js";
import { openDatabase } from "./db/client.js";
import { runMigrations } from "./db/migrate.js";
import { at } from "./db/rows.js";
import { registerCrossSiteDefences } from "./http/cross-site.js";
import { registerErrorHandling } from "./http/error-handler.js";
import { registerInputGuard } from "./http/input-guard.js";
import { LOG_REDACT_PATHS, LOG_SERIALIZERS } from "./http/log-redaction.js";
import { PAGE_PRELOADS_FILE, type PagePreloads, pageHtmlFor } from "./http/page-preloads.js";
import { RateLimits } from "./http/rate-limit.js";
import { prettyLogStream, requestLogController } from "./http/request-log.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { createHttpFetch, createProviders, type Providers, registerSandboxes } from "./integrations/index.js";
import { JobQueue } from "./jobs/queue.js";
import { adminModule } from "./modules/admin/index.js";
import { apiV1Module } from "./modules/api-v1/index.js";
import { authModule } from "./modules/auth/index.js";
import { botGatewayModule } from "./modules/bot-gateway/index.js";
import { botsModule } from "./modules/bots/index.js";
import { claimPagePreloads, claimsModule } from "./modules/claims/index.js";
import { dashboardModule } from "./modules/dashboard/index.js";
import { healthModule } from "./modules/health/index.js";
import { inventoryModule } from "./modules/inventory/index.js";
import { itemsModule } from "./modules/items/index.js";
import { listingsModule } from "./modules/listings/index.js";
import { liveEventsModule } from "./modules/live-events/index.js";
import { maintenanceModule } from "./modules/maintenance/index.js";
import { notificationsModule } from "./modules/notifications/index.js";
import { ordersModule } from "./modules/orders/index.js";
import { paymentsModule } from "./modules/payments/index.js";
import { robloxModule } from "./modules/roblox/index.js";
import { settingsModule } from "./modules/settings/index.js";
import { setupModule } from "./modules/setup/index.js";
import { shopifyModule } from "./modules/shopify/index.js";
import { statsModule } from "./modules/stats/index.js";
import { subscriptionsModule } from "./modules/subscriptions/index.js";
import { withdrawalsModule } from "./modules/withdrawals/index.js";
import { CLIENT_DIST } from "./paths.js";
import { EventBus } from "./realtime/bus.js";

export type App = FastifyInstance & { ctx: AppContext };

/** Every domain module (src/server/modules/<name>/index.ts), one line each. */
export const MODULES: readonly AppModule[] = [
  authModule,
  robloxModule,
  statsModule,
  maintenanceModule,
  itemsModule,
  inventoryModule,
  liveEventsModule,
  botsModule,
  withdrawalsModule,
  botGatewayModule,
  claimsModule,
  settingsModule,
  notificationsModule,
  ordersModule,
  shopifyModule,
  listingsModule,
  dashboardModule,
  setupModule,
  subscriptionsModule,
  paymentsModule,
  healthModule,
  adminModule,
  apiV1Module,
];

/** Builds the whole application: database (migrated), jobs, realtime, modules, sandbox and the SPA. */
export async function buildApp(
  config: Config,
  opts: {
    startJobs?: boolean;
    clock?: Clock;
    /** Where the log goes instead of stdout (a test that reads it). */
    logStream?: { write(line: string): void };
    /** Stand-ins for external services (a test's fakes); the others are built from config. */
    providers?: Partial<Providers>;
  } = {},
): Promise<App> {
  const logStream = opts.logStream ?? (config.prettyLogs ? await prettyLogStream() : undefined);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: LOG_REDACT_PATHS,
      serializers: LOG_SERIALIZERS,
      ...(logStream ? { stream: logStream } : {}),
    },
    logController: requestLogController(),
    genReqId: () => crypto.randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);
  registerCrossSiteDefences(app, config.publicUrl);

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await runMigrations(database);
  const jobs = new JobQueue(database, app.log as never);
  const events = new EventBus(database, app.log as never);
  const ctx: AppContext = {
    config,
    clock: opts.clock ?? systemClock,
    database,
    db: database.db,
    jobs,
    events,
    providers: {
      ...createProviders({
        config,
        fetch: createHttpFetch(app, config.sandbox ? `${config.publicUrl}/__sandbox` : null),
        log: app.log,
      }),
      ...opts.providers,
    },
    rateLimits: new RateLimits(database),
    log: app.log,
  };
  app.decorate("ctx", ctx);
  app.decorateRequest("sessionUser", undefined);

  await app.register(cookie);
  // JSON answers over 1 kB go compressed (the orders page's first 50 orders: 32 kB as text, a phone's quarter second
  // on a slow link, decision 062). Brotli at quality 4, not the library's 11, which costs milliseconds of CPU per
  // answer; built files are precompressed and sent as they are. Request bodies are read as sent: no webhook or API
  // client sends them compressed, and signatures are over the bytes received.
  await app.register(compress, {
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and recharts position elements with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: [
          "'self'",
          "data:",
          "blob:",
          // Roblox and Shopify CDNs, and the logos pro sellers put on their claim page, are on arbitrary https hosts.
          "https:",
          // The sandbox's avatar URLs are absolute (PUBLIC_URL), which may differ from the host the page came from.
          ...(config.sandbox ? [new URL(config.publicUrl).origin] : []),
        ],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", "https://*.myshopify.com"],
        upgradeInsecureRequests: null,
      },
    },
    // The sandbox serves avatar PNGs that the SPA embeds; same origin, so the default CORP is fine.
    crossOriginEmbedderPolicy: false,
    // HSTS means something only on an https origin; over plain http it would only confuse a later https setup.
    strictTransportSecurity: config.publicUrl.startsWith("https://"),
  });

  for (const module of MODULES) await app.register(modulePlugin(module), { ctx });
  if (config.sandbox) await registerSandboxes(app, ctx);
  await registerClient(app);

  app.addHook("onClose", async () => {
    await jobs.stop();
    await events.stop();
    await database.close();
  });

  await events.start();
  await jobs.start({ work: opts.startJobs !== false });
  await app.ready();
  return app as unknown as App;
}

/** A module in its own encapsulated context, refusing any route outside its declared URL prefixes. */
function modulePlugin(module: AppModule): AppModule["plugin"] {
  return async (scope, opts) => {
    scope.addHook("onRoute", (route) => {
      const keyed = (route.constraints as { caller?: string } | undefined)?.caller === "api-key";
      if (keyed && module.apiKeyRoutes?.includes(route.url)) return;
      if (!module.prefixes.some((prefix) => route.url.startsWith(prefix)))
        throw new Error(`Module ${module.name} registered ${route.url}, outside its prefixes`);
    });
    await module.plugin(scope, opts);
  };
}

/** Hashed build assets never change under their name; everything else (index.html, favicon) is checked each time. */
function cacheControlFor(filePath: string): string {
  return filePath.includes(`${path.sep}assets${path.sep}`)
    ? "public, max-age=31536000, immutable"
    : "no-cache";
}

/**
 * The buyer's claim page has an entry of its own (claim.html, decision 052): none of the app's shell, session or
 * seller screens, so a phone loads a fraction of the JavaScript. A signed-out visitor's bare "/" on the app's host
 * gets the landing page prerendered into the HTML (landing.html, decision 061), which paints before any script has
 * arrived; wherever "/" may show something else (the claim page on the claim host or with a claim reference, an
 * error from login, the dashboard a signed-in browser is sent to), it is index.html. Every other page is index.html.
 */
const LANDING_HTML = "landing.html";

function pageFile(request: FastifyRequest, pathname: string): string {
  if (/^\/claim(\/[^/]+){0,2}\/?$/.test(pathname)) return "claim.html";
  if (pathname !== "/" || request.url.includes("?") || showsClaimAtRoot(request.hostname, ""))
    return "index.html";
  return hasSignedInHintIn(request.headers.cookie ?? "") ? "index.html" : LANDING_HTML;
}

/** Paths that are never pages: a miss there is a JSON 404, not the app. */
const JSON_ONLY = ["/api/", "/__sandbox/api", "/item-images/"];

/** Serves the built SPA; unknown /api paths are JSON 404s, every other unknown path gets the SPA's not-found page. */
async function registerClient(app: FastifyInstance): Promise<void> {
  const hasClient = fs.existsSync(path.join(CLIENT_DIST, "index.html"));
  if (hasClient) {
    // The built files are listed once at start (npm start rebuilds before it serves); every other path is the SPA.
    await app.register(fastifyStatic, {
      root: CLIENT_DIST,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (vite.config.ts); the best one the client accepts is sent.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => res.header("Cache-Control", cacheControlFor(filePath)),
    });
  }
  let indexHtml: Buffer | undefined;
  let pageHtml: ((pathname: string, signedInHint: boolean) => string) | undefined;
  const preloadsFile = path.join(CLIENT_DIST, PAGE_PRELOADS_FILE);
  // Like the built files, looked for once at start, not with a file-system call on every page request.
  const hasPreloads = hasClient && fs.existsSync(preloadsFile);
  app.setNotFoundHandler((request, reply) => {
    const pathname = at(request.url.split("?"), 0);
    if (pathname.startsWith("/api/v1/"))
      return reply.status(404).send({ error: "Not found", code: "not_found" });
    if (JSON_ONLY.some((prefix) => pathname.startsWith(prefix)) || pathname === "/api") {
      return reply.status(404).send({ error: "Not found" });
    }
    if (request.method !== "GET" && request.method !== "HEAD")
      return reply.status(404).send({ error: "Not found" });
    if (!hasClient)
      return reply.status(404).type("text/plain").send("The client is not built: run npm run build.");
    if (isPagePath(pathname)) {
      const file = pageFile(request, pathname);
      if (file === "claim.html")
        reply.header("Link", claimPagePreloads(pathname, request.url.slice(pathname.length)));
      if (file !== "index.html" || !hasPreloads) return reply.type("text/html").sendFile(file);
      pageHtml ??= pageHtmlFor(
        fs.readFileSync(path.join(CLIENT_DIST, "index.html"), "utf8"),
        JSON.parse(fs.readFileSync(preloadsFile, "utf8")) as PagePreloads,
        PAGE_FIRST_CALLS,
      );
      const html = pageHtml(pathname, hasSignedInHintIn(request.headers.cookie ?? ""));
      return reply.type("text/html").header("Cache-Control", "no-cache").send(html);
    }
    // A path the app has no page for still gets the app (it shows its not-found page), with the status it earns.
    // sendFile would answer 200, so the small index.html is sent from memory.
    indexHtml ??= fs.readFileSync(path.join(CLIENT_DIST, "index.html"));
    return reply.status(404).type("text/html").header("Cache-Control", "no-cache").send(indexHtml);
  });
}
