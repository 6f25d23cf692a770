import fs from "node:fs";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { PUBLIC_API_TAG } from "../../src/server/modules/api-v1/openapi.js";
import { PROJECT_ROOT } from "../../src/server/paths.js";
import { useTestApp } from "./harness.js";

interface Response {
  description?: string;
  headers?: Record<string, { $ref: string }>;
  content?: Record<string, { schema: unknown }>;
}
interface Operation {
  operationId?: string;
  tags: string[];
  responses: Record<string, Response>;
}
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: { headers: Record<string, unknown> };
};

const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.entries(ops).map(([m, op]) => ({ at: `${m} ${p}`, op })),
  );
const headerNames = (r: Response) => Object.keys(r.headers ?? {}).sort();

/** A program an integrator could write against the generated types; any type error fails the test. */
const PROGRAM = `import createClient from "openapi-fetch";
import type { components, paths } from "./autodrop-api";

const client = createClient<paths>({ baseUrl: "http://localhost:5000", headers: { Authorization: "Bearer ad_test_x" } });

export async function sell(codeName: string): Promise<string | null> {
  const created = await client.POST("/api/v1/create-order", {
    params: { header: { "idempotency-key": "order-1" } },
    body: { items: [{ codeName, quantity: 1 }] },
  });
  if (created.error) {
    const code: string = created.error.code;
    return code;
  }
  const status: components["schemas"]["Order"]["status"] = created.data.status;
  // @ts-expect-error an order has no such field
  void created.data.price_in_cents;
  const page = await client.GET("/api/v1/orders", { params: { query: { limit: 10 } } });
  const next: string | null | undefined = page.data?.nextCursor;
  const same = await client.GET("/api/orders", { params: { query: { limit: 10 } } });
  const cancelled = await client.POST("/api/v1/cancel-order/{authKey}", {
    params: { path: { authKey: created.data.authKey } },
  });
  const pending = await client.GET("/api/admin/orders/pending", { params: { query: { game: "mm2" } } });
  const bot: string | null | undefined = pending.data?.[0]?.botUsername;
  // @ts-expect-error the path takes an authKey
  await client.GET("/api/v1/check-status/{authKey}", { params: { path: { id: "x" } } });
  return [status, next, same.data?.orders.length, cancelled.data?.status, bot].join(" ") + created.data.claimUrl;
}
`;

describe("the OpenAPI document for generated clients", () => {
  const t = useTestApp("pglite");
  const document = async () =>
    (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json() as Doc;

  it("names every operation uniquely and describes every answer", async () => {
    const doc = await document();
    const ops = operations(doc);
    expect(ops.length).toBeGreaterThanOrEqual(10);
    const ids = ops.map(({ op }) => op.operationId);
    for (const [i, id] of ids.entries()) expect(id, ops[i].at).toMatch(/^[a-z][A-Za-z]+$/);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { at, op } of ops) {
      for (const [status, response] of Object.entries(op.responses)) {
        expect(response.description, `${at} ${status}`).toBeTruthy();
        expect(response.description, `${at} ${status}`).not.toBe("Default Response");
        expect(response.content?.["application/json"]?.schema, `${at} ${status}`).toBeDefined();
      }
    }
  });

  it("documents the headers each answer of the public API carries", async () => {
    const doc = await document();
    const rateLimit = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"];
    for (const { at, op } of operations(doc).filter(({ op }) => op.tags.includes(PUBLIC_API_TAG))) {
      for (const [status, response] of Object.entries(op.responses)) {
        const expected =
          status === "401"
            ? []
            : [
                ...rateLimit,
                ...(status === "429" ? ["Retry-After"] : []),
                ...(op.operationId === "createOrder" && status === "201" ? ["Idempotent-Replayed"] : []),
              ];
        expect(headerNames(response), `${at} ${status}`).toEqual(expected.sort());
      }
    }
    for (const name of [...rateLimit, "Retry-After", "Idempotent-Replayed"])
      expect(doc.components.headers[name], name).toMatchObject({ description: expect.any(String) });
  });

  it("generates a typed client with openapi-typescript that a program type-checks against", async () => {
    const doc = await document();
    const dir = fs.mkdtempSync(path.join(PROJECT_ROOT, "tests/integration/.openapi-client-"));
    try {
      fs.writeFileSync(path.join(dir, "autodrop-api.ts"), astToString(await openapiTS(doc as never)));
      fs.writeFileSync(path.join(dir, "program.ts"), PROGRAM);
      const program = ts.createProgram([path.join(dir, "program.ts")], {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        types: [],
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      expect(problems).toEqual([]);
      // The check has teeth: the same program with a wrong field type does not compile.
      fs.writeFileSync(
        path.join(dir, "program.ts"),
        PROGRAM.replace(
          "const code: string = created.error.code;",
          "const code: number = created.error.code;",
        ),
      );
      const broken = ts.createProgram([path.join(dir, "program.ts")], program.getCompilerOptions());
      expect(ts.getPreEmitDiagnostics(broken).length).toBeGreaterThan(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
