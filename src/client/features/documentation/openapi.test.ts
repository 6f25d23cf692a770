import { describe, expect, it } from "vitest";
import { curlExample, endpointsOf, exampleOf, jsExample, type OpenApiDocument, urlOf } from "./openapi";

const doc: OpenApiDocument = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  components: {
    schemas: {
      Order: { type: "object", example: { id: "o1" } },
      Line: { type: "object", properties: { codeName: { type: "string" }, quantity: { type: "integer" } } },
    },
  },
  paths: {
    "/api/v1/create-order": {
      post: {
        parameters: [{ name: "idempotency-key", in: "header" }],
        requestBody: {
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { items: { type: "array", items: { $ref: "#/components/schemas/Line" } } },
              },
            },
          },
        },
        responses: {
          "201": { content: { "application/json": { schema: { $ref: "#/components/schemas/Order" } } } },
        },
      },
    },
    "/api/v1/check-status/{authKey}": {
      get: { parameters: [{ name: "authKey", in: "path", required: true }], responses: { "401": {} } },
    },
  },
};

describe("the documentation's OpenAPI reading", () => {
  it("uses a schema's example, else builds one from its shape through $refs", () => {
    expect(exampleOf({ $ref: "#/components/schemas/Order" }, doc)).toEqual({ id: "o1" });
    expect(exampleOf({ type: ["string", "null"] }, doc)).toBe("string");
    const [create, status] = endpointsOf(doc);
    if (!create || !status) throw new Error("expected two endpoints");
    expect(create.body).toEqual({ items: [{ codeName: "string", quantity: 1 }] });
    expect(create.success).toEqual({ status: "201", example: { id: "o1" } });
    expect(status.success).toBeNull();
  });

  it("fills path and query parameters, and writes curl and fetch calls with the key and Idempotency-Key", () => {
    const [create, status] = endpointsOf(doc);
    if (!create || !status) throw new Error("expected two endpoints");
    expect(urlOf(status, { authKey: "a b" })).toBe("/api/v1/check-status/a%20b");
    expect(curlExample(create, "https://x.test")).toContain('-H "Idempotency-Key: $(uuidgen)"');
    expect(curlExample(status, "https://x.test")).not.toContain("Content-Type");
    expect(jsExample(create, "https://x.test")).toContain('method: "POST"');
    expect(jsExample(create, "https://x.test")).toContain("crypto.randomUUID()");
  });
});
