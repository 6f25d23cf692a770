import { describe, expect, it } from "vitest";
import {
  accessBody,
  authorisedClaimDomain,
  CLAIM_STORAGE_KEY,
  captureClaim,
  claimHostname,
  isAuthorisedClaimHost,
  readStoredClaim,
} from "./access";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

const ORDER = "0b6c3a52-94f4-4a55-9d39-8f5f5f0e4a11";

describe("captureClaim", () => {
  it("remembers a reference from the address and asks for it to be stripped", () => {
    const storage = memoryStorage();
    const result = captureClaim({ pathname: "/claim/key1", search: "" }, storage);
    expect(result).toEqual({
      claim: { access: { kind: "authKey", authKey: "key1" }, subOrderId: null },
      strip: true,
    });
    expect(readStoredClaim(storage)).toEqual(result.claim);
  });

  it("after stripping (or a reload of /claim) uses the remembered reference", () => {
    const storage = memoryStorage();
    captureClaim({ pathname: "/", search: `?orderId=${ORDER}&email=a%40b.co` }, storage);
    expect(captureClaim({ pathname: "/claim", search: "" }, storage)).toEqual({
      claim: { access: { kind: "email", orderId: ORDER, email: "a@b.co" }, subOrderId: null },
      strip: false,
    });
  });

  it("keeps the game choice for the same order and forgets it for another", () => {
    const stored = JSON.stringify({ access: { kind: "authKey", authKey: "key1" }, subOrderId: "sub-1" });
    const same = captureClaim(
      { pathname: "/claim/key1", search: "" },
      memoryStorage({ [CLAIM_STORAGE_KEY]: stored }),
    );
    expect(same.claim?.subOrderId).toBe("sub-1");
    const other = captureClaim(
      { pathname: "/claim/key2", search: "" },
      memoryStorage({ [CLAIM_STORAGE_KEY]: stored }),
    );
    expect(other.claim).toEqual({ access: { kind: "authKey", authKey: "key2" }, subOrderId: null });
  });

  it("survives missing or broken storage", () => {
    expect(captureClaim({ pathname: "/claim/k", search: "" }, null).claim?.access).toEqual({
      kind: "authKey",
      authKey: "k",
    });
    expect(readStoredClaim(memoryStorage({ [CLAIM_STORAGE_KEY]: "{not json" }))).toBeNull();
    expect(readStoredClaim(memoryStorage({ [CLAIM_STORAGE_KEY]: '{"access":{"kind":"x"}}' }))).toBeNull();
    const throwing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(captureClaim({ pathname: "/claim/k", search: "" }, throwing).strip).toBe(true);
  });
});

describe("host rule", () => {
  it("allows localhost and 127.0.0.1 whatever the claim host", () => {
    expect(isAuthorisedClaimHost("localhost", "claim.autodrop.gg")).toBe(true);
    expect(isAuthorisedClaimHost("127.0.0.1", "claim.autodrop.gg")).toBe(true);
  });

  it("allows exactly the configured claim host, written as a host, host:port or URL", () => {
    expect(isAuthorisedClaimHost("claim.autodrop.gg", "claim.autodrop.gg")).toBe(true);
    expect(isAuthorisedClaimHost("claim.autodrop.gg", "https://Claim.Autodrop.gg/")).toBe(true);
    expect(isAuthorisedClaimHost("orders.shop.com", "orders.shop.com:443")).toBe(true);
    expect(isAuthorisedClaimHost("autodrop.gg", "claim.autodrop.gg")).toBe(false);
    expect(isAuthorisedClaimHost("claim.other.gg", "claim.autodrop.gg")).toBe(false);
  });

  it("without a configured host accepts only claim. subdomains", () => {
    expect(isAuthorisedClaimHost("claim.autodrop.gg", null)).toBe(true);
    expect(isAuthorisedClaimHost("autodrop.gg", null)).toBe(false);
    expect(isAuthorisedClaimHost("autodrop.gg", "  ")).toBe(false);
  });

  it("names the authorised domain", () => {
    expect(authorisedClaimDomain("claim.autodrop.gg")).toBe("claim.autodrop.gg");
    expect(authorisedClaimDomain(null)).toBe("localhost");
    expect(claimHostname("https://claim.x.io:8443/path")).toBe("claim.x.io");
  });
});

describe("claim calls", () => {
  const byEmail = { kind: "email", orderId: ORDER, email: "a b@c.co" } as const;
  const byKey = { kind: "authKey", authKey: "k/1" } as const;

  it("sends the proof of access with the (sub-)order acted on", () => {
    expect(accessBody(byEmail, "sub")).toEqual({ orderId: "sub", email: "a b@c.co" });
    expect(accessBody(byKey, "sub")).toEqual({ authKey: "k/1", orderId: "sub" });
  });
});
