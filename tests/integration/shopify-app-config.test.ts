import fs from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { renderAppConfig } from "../../scripts/shopify-app-config.js";
import {
  COMPLIANCE_TOPICS,
  SHOPIFY_REINSTALL_SCOPES,
  SHOPIFY_SCOPES,
  SHOPIFY_WEBHOOK_PATHS,
} from "../../src/contract/shopify.js";
import { SHOPIFY_API_VERSION } from "../../src/server/integrations/shopify/client.js";
import { webhookSubscriptions } from "../../src/server/modules/shopify/service.js";
import { PROJECT_ROOT } from "../../src/server/paths.js";
import { useTestApp } from "./harness.js";

interface AppToml {
  client_id: string;
  application_url: string;
  embedded: boolean;
  access_scopes: { scopes: string; use_legacy_install_flow: boolean };
  auth: { redirect_urls: string[] };
  webhooks: {
    api_version: string;
    subscriptions: { topics?: string[]; compliance_topics?: string[]; uri: string }[];
  };
}

const template = fs.readFileSync(path.join(PROJECT_ROOT, "shopify.app.toml"), "utf8");
const env = { SHOPIFY_API_KEY: "a61950a2cbd5f32876b0b55587ec7a27", PUBLIC_URL: "https://app.example.com/" };
const config = parse(renderAppConfig(template, env)) as unknown as AppToml;

describe("shopify.app.toml agrees with the code", () => {
  const t = useTestApp("pglite");

  it("takes the client id and the addresses from the environment, and refuses to render without them", () => {
    expect(config.client_id).toBe(env.SHOPIFY_API_KEY);
    expect(config.application_url).toBe("https://app.example.com");
    expect(() => renderAppConfig(template, {})).toThrow(/SHOPIFY_API_KEY.*PUBLIC_URL/);
    expect(() => renderAppConfig(template, { ...env, PUBLIC_URL: "http://app.example.com" })).toThrow(
      /PUBLIC_URL/,
    );
  });

  it("declares exactly the scopes the app asks for, first install and reinstall", () => {
    const scopes = config.access_scopes.scopes.split(",");
    expect(scopes.toSorted()).toEqual([...SHOPIFY_REINSTALL_SCOPES].sort());
    expect(scopes).toEqual(expect.arrayContaining([...SHOPIFY_SCOPES]));
    // The app names each install's scopes in its own authorize URL (decision 037).
    expect(config.access_scopes.use_legacy_install_flow).toBe(true);
  });

  it("redirects to the app's OAuth callback route", () => {
    expect(config.auth.redirect_urls).toEqual(["https://app.example.com/api/shopify/callback"]);
    expect(t.app.hasRoute({ method: "GET", url: "/api/shopify/callback" })).toBe(true);
  });

  it("subscribes the three compliance topics at the app's routes, with the API version the client pins", () => {
    expect(config.webhooks.api_version).toBe(SHOPIFY_API_VERSION);
    const compliance = config.webhooks.subscriptions.flatMap((s) =>
      (s.compliance_topics ?? []).map((topic) => [topic, s.uri]),
    );
    expect(compliance.toSorted()).toEqual(
      COMPLIANCE_TOPICS.map((topic) => [topic, SHOPIFY_WEBHOOK_PATHS[topic]]).sort(),
    );
    for (const [, uri] of compliance) expect(t.app.hasRoute({ method: "POST", url: uri })).toBe(true);
  });

  it("leaves the topics the app subscribes per shop out, so no delivery comes twice", () => {
    const perShop = webhookSubscriptions(t.app.ctx).map((s) => s.topic);
    const inToml = config.webhooks.subscriptions.flatMap((s) => s.topics ?? []);
    expect(inToml.filter((topic) => perShop.includes(topic))).toEqual([]);
  });
});
