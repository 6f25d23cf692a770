import { Kind, type OperationDefinitionNode, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { actualCost, BUCKET_SIZE, refill, requestedCost } from "./cost.js";
import { schema } from "./schema.js";
import { isKnownApiVersion, rulesFor } from "./version.js";

const costOf = (query: string, variables: Record<string, unknown> = {}) => {
  const doc = parse(query);
  const op = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  return requestedCost(schema, op, {}, variables);
};

describe("API version rules", () => {
  it("knows only the quarterly versions and unstable", () => {
    expect(["2026-07", "2025-10", "unstable"].every(isKnownApiVersion)).toBe(true);
    expect(["2026-05", "2026-7", "latest"].some(isKnownApiVersion)).toBe(false);
  });

  it("introduces @idempotent in 2026-01 and requires it and changeFromQuantity from 2026-04", () => {
    expect(rulesFor("2025-10")).toEqual({ idempotentDirective: "absent", changeFromQuantityRequired: false });
    expect(rulesFor("2026-01")).toEqual({
      idempotentDirective: "optional",
      changeFromQuantityRequired: false,
    });
    expect(rulesFor("2026-04")).toEqual({
      idempotentDirective: "required",
      changeFromQuantityRequired: true,
    });
    expect(rulesFor("2026-07")).toEqual(rulesFor("unstable"));
  });
});

describe("query cost", () => {
  it("counts objects 1, scalars 0, connections 2 + page size x node, mutations 10", () => {
    expect(costOf("{ shop { name } }")).toBe(1);
    expect(costOf("{ products(first: 10) { nodes { id title } } }")).toBe(12);
    expect(
      costOf("query($n: Int) { products(first: $n) { nodes { variants(first: 5) { nodes { id } } } } }", {
        n: 3,
      }),
    ).toBe(2 + 3 * (1 + 2 + 5));
    expect(
      costOf('mutation { productDelete(input: { id: "gid://shopify/Product/1" }) { deletedProductId } }'),
    ).toBe(10);
  });

  it("charges what came back", () => {
    expect(
      actualCost(
        { products: { nodes: [{ id: "a" }, { id: "b" }], pageInfo: { hasNextPage: false } } },
        false,
      ),
    ).toBe(4);
    expect(actualCost({ productVariant: null }, false)).toBe(0);
    expect(actualCost({ inventorySetQuantities: { userErrors: [] } }, true)).toBe(10);
  });

  it("refills the bucket at 100 points a second up to its size", () => {
    expect(refill(undefined, 5_000)).toEqual({ available: BUCKET_SIZE, at: 5_000 });
    expect(refill({ available: 0, at: 0 }, 1_500)).toEqual({ available: 150, at: 1_500 });
    expect(refill({ available: 1990, at: 0 }, 60_000).available).toBe(BUCKET_SIZE);
  });
});
