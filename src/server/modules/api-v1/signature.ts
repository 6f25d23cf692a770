import { createHmac } from "node:crypto";

/**
 * The signature of a webhook delivery: HMAC-SHA256 with the endpoint's secret over `${id}.${timestamp}.${body}`,
 * hex, as "v1=<hex>" (a version, so the scheme can change without breaking receivers). docs/api.md shows the check.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  return `v1=${createHmac("sha256", secret).update(`${id}.${timestamp}.${body}`).digest("hex")}`;
}
