import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  Kind,
  type OperationDefinitionNode,
  parse,
  validate,
  visit,
} from "graphql";
import { describe, expect, it } from "vitest";
import { at } from "../../db/rows.js";
import { PRODUCTS_PAGE } from "./client.js";
import { MAX_QUERY_COST, requestedCost } from "./sandbox/graphql/cost.js";
import { IDEMPOTENT_MUTATIONS } from "./sandbox/graphql/idempotency.js";
import { schema } from "./sandbox/graphql/schema.js";

/**
 * Every Admin GraphQL document the client sends (each `#graphql` template in the provider's own files, the
 * emulator's excepted), checked against the emulator's 2026-07 schema: a document Shopify would refuse fails here.
 */
function clientDocuments(): { name: string; document: DocumentNode }[] {
  const dir = import.meta.dirname;
  const files = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
  return files.flatMap((file) =>
    [...readFileSync(path.join(dir, file), "utf8").matchAll(/`#graphql\n([\s\S]*?)`/g)].map((m, i) => ({
      name: `${file} #${i + 1}`,
      document: parse(at(m, 1)),
    })),
  );
}

/** The mutations in a document that Shopify requires @idempotent on but that lack it. */
function unmarkedIdempotentMutations(document: DocumentNode): string[] {
  const missing: string[] = [];
  const required: readonly string[] = IDEMPOTENT_MUTATIONS;
  visit(document, {
    enter(node) {
      if (node.kind !== Kind.FIELD || !required.includes(node.name.value)) return;
      if (!node.directives?.some((d) => d.name.value === "idempotent")) missing.push(node.name.value);
    },
  });
  return missing;
}

const documents = clientDocuments();
const operationOf = (d: DocumentNode) =>
  d.definitions.find((x): x is OperationDefinitionNode => x.kind === Kind.OPERATION_DEFINITION)!;

describe("the Shopify client's GraphQL documents", () => {
  it("are found in the client", () => {
    expect(documents.map((d) => operationOf(d.document).name?.value)).toEqual(
      expect.arrayContaining(["StoreProducts", "LinkedVariant", "SetInventory", "Webhooks", "CreateWebhook"]),
    );
  });

  it.each(documents)("$name validates against the 2026-07 schema", ({ document }) => {
    expect(validate(schema, document).map((e) => e.message)).toEqual([]);
  });

  it.each(documents)("$name marks every mutation that requires it @idempotent", ({ document }) => {
    expect(unmarkedIdempotentMutations(document)).toEqual([]);
  });

  it.each(documents)("$name costs at most Shopify's single-query limit", ({ document }) => {
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const d of document.definitions)
      if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;
    const cost = requestedCost(schema, operationOf(document), fragments, { first: PRODUCTS_PAGE });
    expect(cost).toBeLessThanOrEqual(MAX_QUERY_COST);
  });
});

describe("the conformance check itself", () => {
  it("refuses the call Shopify refuses since 2026-04 and a field the schema does not have", () => {
    const old = parse(`mutation($input: InventorySetQuantitiesInput!) {
      inventorySetQuantities(input: $input) { userErrors { message } }
    }`);
    expect(unmarkedIdempotentMutations(old)).toEqual(["inventorySetQuantities"]);
    expect(validate(schema, parse("{ products(first: 1) { nodes { price } } }"))).not.toEqual([]);
  });
});
