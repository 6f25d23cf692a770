import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const keys = new Map<string, Buffer>();

/** One AES-256 key per purpose, derived from the app secret (HKDF), so a leaked ciphertext of one kind opens no other. */
function keyFor(appSecret: string, purpose: string): Buffer {
  const id = `${purpose}\u0000${appSecret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", appSecret, "autodrop", `autodrop:${purpose}`, 32));
    keys.set(id, key);
  }
  return key;
}

/** AES-256-GCM: "v1.<iv>.<tag>.<ciphertext>" in base64url. The purpose is bound in as associated data. */
export function encryptSecret(appSecret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(appSecret, purpose), iv);
  cipher.setAAD(Buffer.from(purpose));
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** Throws when the value was not produced by encryptSecret with the same secret and purpose. */
export function decryptSecret(appSecret: string, purpose: string, sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error("Unreadable sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", keyFor(appSecret, purpose), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(purpose));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
