import { eq, isNull } from "drizzle-orm";
import { SHOPIFY_FULFILLMENT_SCOPES, SHOPIFY_INVENTORY_SCOPES, SHOPIFY_SCOPES } from "../contract/shopify.js";
import type { AppContext } from "./context.js";
import { shops, users } from "./db/schema/index.js";
import { CryptoProviderError } from "./integrations/crypto/index.js";
import { ShopifyError } from "./integrations/shopify/index.js";
import { connectedShop } from "./modules/shopify/index.js";

/** One finding of `npm run doctor`, in words an operator can act on. */
export interface DoctorCheck {
  service: "Config" | "Roblox" | "Plisio" | "Shopify" | "Discord";
  ok: boolean;
  message: string;
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));

function checkConfig(ctx: AppContext): DoctorCheck[] {
  if (ctx.config.sandbox) {
    return [
      {
        service: "Config",
        ok: true,
        message: "Sandbox mode: every service is its emulator under /__sandbox.",
      },
    ];
  }
  if (!ctx.config.publicUrl.startsWith("https://")) {
    return [
      {
        service: "Config",
        ok: false,
        message: `PUBLIC_URL is ${ctx.config.publicUrl}: Shopify accepts only https redirect and webhook addresses.`,
      },
    ];
  }
  return [{ service: "Config", ok: true, message: `Real mode at ${ctx.config.publicUrl}.` }];
}

/** Roblox has no credentials: a public profile lookup proves the users API answers. */
async function checkRoblox(ctx: AppContext): Promise<DoctorCheck> {
  try {
    await ctx.providers.roblox.getUser(1);
    return {
      service: "Roblox",
      ok: true,
      message: `The users API answers (${ctx.config.services.robloxUsers}).`,
    };
  } catch (err) {
    return {
      service: "Roblox",
      ok: false,
      message: `The users API at ${ctx.config.services.robloxUsers} could not be used: ${reason(err)}.`,
    };
  }
}

/** Reading an operation that does not exist: Plisio checks the key first, then answers "not found". */
async function checkPlisio(ctx: AppContext): Promise<DoctorCheck> {
  try {
    await ctx.providers.crypto.getInvoice("autodrop-doctor-check");
    return { service: "Plisio", ok: true, message: "The API answers and accepts CRYPTO_PROVIDER_API_KEY." };
  } catch (err) {
    const refused = err instanceof CryptoProviderError && (err.status === 401 || err.status === 403);
    return {
      service: "Plisio",
      ok: false,
      message: refused
        ? "Plisio refused CRYPTO_PROVIDER_API_KEY: copy the secret key from the shop's API settings."
        : `Plisio could not be used: ${reason(err)}.`,
    };
  }
}

function shopifyProblem(domain: string, err: unknown): string {
  if (err instanceof ShopifyError && err.kind === "unauthorized") {
    return `${domain}: Shopify refused the stored access token; the seller must reinstall the app.`;
  }
  if (err instanceof ShopifyError && err.kind === "forbidden") {
    return `${domain}: the token lacks a scope this check reads (${err.message}).`;
  }
  return `${domain}: Shopify could not be reached (${reason(err)}).`;
}

/**
 * The app's key and secret are checked by Shopify only during an install, so each connected store is asked, read
 * only, who it is and which scopes its token holds.
 */
async function checkShopify(ctx: AppContext): Promise<DoctorCheck[]> {
  const rows = await ctx.db
    .select({ userId: shops.userId, domain: shops.domain })
    .from(shops)
    .where(isNull(shops.uninstalledAt));
  if (rows.length === 0) {
    return [
      {
        service: "Shopify",
        ok: true,
        message:
          "No store is connected yet: SHOPIFY_API_KEY and SHOPIFY_API_SECRET are checked at the first install.",
      },
    ];
  }
  const checks: DoctorCheck[] = [];
  for (const row of rows) {
    let shop: Awaited<ReturnType<typeof connectedShop>>;
    try {
      shop = await connectedShop(ctx, row.userId);
    } catch {
      const message = `${row.domain}: the stored token cannot be decrypted; APP_SECRET is not the one it was saved with.`;
      checks.push({ service: "Shopify", ok: false, message });
      continue;
    }
    if (!shop) continue;
    try {
      const access = await shop.admin.checkAccess();
      const missing = SHOPIFY_SCOPES.filter((s) => !access.scopes.includes(s));
      const waiting = [
        ...(SHOPIFY_INVENTORY_SCOPES.every((s) => access.scopes.includes(s)) ? [] : ["inventory sync"]),
        ...(SHOPIFY_FULFILLMENT_SCOPES.every((s) => access.scopes.includes(s)) ? [] : ["fulfillment"]),
      ];
      checks.push(
        missing.length
          ? {
              service: "Shopify",
              ok: false,
              message: `${row.domain}: the token lacks ${missing.join(", ")}; the seller must reinstall.`,
            }
          : {
              service: "Shopify",
              ok: true,
              message: `${row.domain} (${access.name}) answers${waiting.length ? `; ${waiting.join(" and ")} wait for a Reinstall (scopes not granted)` : ""}.`,
            },
      );
    } catch (err) {
      checks.push({ service: "Shopify", ok: false, message: shopifyProblem(row.domain, err) });
    }
  }
  return checks;
}

/** Discord needs no credentials of the app: each seller's webhook is tried by Store Settings' test message. */
async function checkDiscord(ctx: AppContext): Promise<DoctorCheck> {
  const on = await ctx.db.$count(users, eq(users.discordNotificationsEnabled, true));
  return {
    service: "Discord",
    ok: true,
    message: `No credentials needed; ${on} seller webhook(s) configured (Store Settings sends a test message).`,
  };
}

/** Every integration's credentials and reachability, without creating, changing or sending anything. */
export async function runDoctor(ctx: AppContext): Promise<DoctorCheck[]> {
  return [
    ...checkConfig(ctx),
    await checkRoblox(ctx),
    await checkPlisio(ctx),
    ...(await checkShopify(ctx)),
    await checkDiscord(ctx),
  ];
}
