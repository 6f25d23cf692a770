/** The parts of an OpenAPI 3.1 document the documentation page renders (what /api/openapi.json holds). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  example?: unknown;
  examples?: unknown[];
  description?: string;
  anyOf?: JsonSchema[];
}

interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: JsonSchema }> }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export interface Endpoint {
  method: string;
  path: string;
  operation: Operation;
  parameters: Parameter[];
  /** An example request body (JSON), or null when the call takes none. */
  body: unknown;
  /** The success status and an example of its body, when the document describes one. */
  success: { status: string; example: unknown } | null;
}

function resolve(schema: JsonSchema, doc: OpenApiDocument): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split("/").pop() ?? "";
  return doc.components?.schemas?.[name] ?? {};
}

/** An example value of a schema: its own example when it has one, else one built from its shape. */
export function exampleOf(schema: JsonSchema, doc: OpenApiDocument, depth = 0): unknown {
  const s = resolve(schema, doc);
  if (s.example !== undefined) return s.example;
  if (s.examples?.length) return s.examples[0];
  if (depth > 6) return null;
  if (s.enum?.length) return s.enum[0];
  const [alternative] = s.anyOf ?? [];
  if (alternative) return exampleOf(alternative, doc, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "object":
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([key, value]) => [key, exampleOf(value, doc, depth + 1)]),
      );
    case "array":
      return s.items ? [exampleOf(s.items, doc, depth + 1)] : [];
    case "integer":
    case "number":
      return 1;
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return "string";
  }
}

/** Every operation of the document, in its order, with examples worked out. */
export function endpointsOf(doc: OpenApiDocument): Endpoint[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, operation]) => {
      const bodySchema = operation.requestBody?.content["application/json"]?.schema;
      const successStatus = Object.keys(operation.responses).find((status) => status.startsWith("2"));
      const successSchema = successStatus
        ? operation.responses[successStatus]?.content?.["application/json"]?.schema
        : undefined;
      return {
        method: method.toUpperCase(),
        path,
        operation,
        parameters: operation.parameters ?? [],
        body: bodySchema ? exampleOf(bodySchema, doc) : null,
        success:
          successStatus && successSchema
            ? { status: successStatus, example: exampleOf(successSchema, doc) }
            : null,
      };
    }),
  );
}

/** The path with `{name}` filled from values (URL-encoded), and the query string of the query parameters given. */
export function urlOf(endpoint: Endpoint, values: Record<string, string>): string {
  const path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] || `{${name}}`),
  );
  const query = endpoint.parameters
    .filter((p) => p.in === "query" && values[p.name])
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(values[p.name] ?? "")}`)
    .join("&");
  return query ? `${path}?${query}` : path;
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);
const hasIdempotency = (e: Endpoint) => e.parameters.some((p) => p.name === "idempotency-key");

export function curlExample(endpoint: Endpoint, baseUrl: string): string {
  const lines = [
    `curl -X ${endpoint.method} "${baseUrl}${urlOf(endpoint, {})}"`,
    `  -H "Authorization: Bearer $AUTODROP_KEY"`,
  ];
  if (hasIdempotency(endpoint)) lines.push(`  -H "Idempotency-Key: $(uuidgen)"`);
  if (endpoint.body !== null)
    lines.push(`  -H "Content-Type: application/json"`, `  -d '${JSON.stringify(endpoint.body)}'`);
  return lines.join(" \\\n");
}

export function jsExample(endpoint: Endpoint, baseUrl: string): string {
  const headers = [
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the example's own template literal, printed as code
    "    Authorization: `Bearer ${process.env.AUTODROP_KEY}`,",
    ...(hasIdempotency(endpoint) ? ['    "Idempotency-Key": crypto.randomUUID(),'] : []),
    ...(endpoint.body !== null ? ['    "Content-Type": "application/json",'] : []),
  ];
  return [
    `const res = await fetch("${baseUrl}${urlOf(endpoint, {})}", {`,
    `  method: "${endpoint.method}",`,
    "  headers: {",
    ...headers,
    "  },",
    ...(endpoint.body !== null
      ? [`  body: JSON.stringify(${pretty(endpoint.body).replaceAll("\n", "\n  ")}),`]
      : []),
    "});",
    "const data = await res.json();",
  ].join("\n");
}
