// Writes shopify.app.production.toml, the app configuration `shopify app deploy --config production` deploys, from
// the template shopify.app.toml and this deployment's environment: SHOPIFY_API_KEY (the app's client id) and
// PUBLIC_URL (the https address Shopify redirects to and posts webhooks to). Run as `npm run shopify:config`.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The template with the deployment's values in place; throws naming what is missing or wrong. */
export function renderAppConfig(template: string, env: Record<string, string | undefined>): string {
  const clientId = env.SHOPIFY_API_KEY?.trim() ?? "";
  const publicUrl = env.PUBLIC_URL?.trim().replace(/\/+$/, "") ?? "";
  const problems: string[] = [];
  if (!/^[A-Za-z0-9_-]+$/.test(clientId)) problems.push("SHOPIFY_API_KEY (the app's client id) is not set");
  if (!/^https:\/\/[^\s/"]+(\/[^\s"]*)?$/.test(publicUrl))
    problems.push("PUBLIC_URL must be the https address of this deployment (Shopify refuses others)");
  if (problems.length > 0) throw new Error(problems.join("; "));
  return template.replaceAll("{{SHOPIFY_API_KEY}}", clientId).replaceAll("{{PUBLIC_URL}}", publicUrl);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const template = readFileSync(path.join(ROOT, "shopify.app.toml"), "utf8");
    const out = path.join(ROOT, "shopify.app.production.toml");
    writeFileSync(out, renderAppConfig(template, process.env));
    console.log(
      `wrote ${path.relative(process.cwd(), out)}; deploy it with: shopify app deploy --config production`,
    );
  } catch (err) {
    console.error(`shopify:config: ${(err as Error).message}`);
    process.exit(1);
  }
}
