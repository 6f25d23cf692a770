import {
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  getArgumentValues,
  getNamedType,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";

/**
 * Shopify's query cost (https://shopify.dev/docs/api/usage/limits#graphql-admin-api-rate-limits): a scalar or enum
 * costs 0, an object 1, a connection 2 plus its page size times the cost of one node, a mutation 10. The requested
 * cost is counted from the document before running it; the actual cost from what came back.
 */
const MUTATION_COST = 10;
export const MAX_QUERY_COST = 1000;

interface Walk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

function selectionCost(w: Walk, set: SelectionSetNode | undefined, type: GraphQLCompositeType): number {
  if (!set) return 0;
  let sum = 0;
  for (const sel of set.selections) {
    if (sel.kind === "Field") sum += fieldCost(w, sel, type);
    else {
      const fragment = sel.kind === "FragmentSpread" ? w.fragments[sel.name.value] : sel;
      if (!fragment) continue;
      const on = fragment.typeCondition ? w.schema.getType(fragment.typeCondition.name.value) : type;
      if (on && isCompositeType(on)) sum += selectionCost(w, fragment.selectionSet, on);
    }
  }
  return sum;
}

function fieldCost(w: Walk, node: FieldNode, parent: GraphQLCompositeType): number {
  if (!isObjectType(parent) && !isInterfaceType(parent)) return 0;
  const def = parent.getFields()[node.name.value];
  if (!def) return 0;
  const type = getNamedType(def.type);
  if (!isCompositeType(type)) return 0;
  if (!type.name.endsWith("Connection")) return 1 + selectionCost(w, node.selectionSet, type);
  const args = getArgumentValues(def, node, w.variables);
  const pageSize = Number(args.first ?? args.last ?? 0);
  return 2 + pageSize * connectionNodeCost(w, node, type);
}

/** One node of a connection: its nodes { … } or edges { node { … } } selection. */
function connectionNodeCost(w: Walk, node: FieldNode, connection: GraphQLCompositeType): number {
  let cost = 0;
  for (const sel of node.selectionSet?.selections ?? []) {
    if (sel.kind !== "Field" || !["nodes", "edges"].includes(sel.name.value)) continue;
    cost = Math.max(cost, fieldCost(w, sel, connection));
  }
  return cost;
}

/** The requested cost of one operation. */
export function requestedCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): number {
  const w = { schema, fragments, variables };
  if (operation.operation === "mutation") return MUTATION_COST * operation.selectionSet.selections.length;
  const root = schema.getQueryType();
  return root ? selectionCost(w, operation.selectionSet, root) : 0;
}

/** The actual cost: the same rule over what came back (a connection's real page, absent objects free). */
export function actualCost(data: unknown, mutation: boolean): number {
  if (!data || typeof data !== "object") return 0;
  const fields = Object.values(data as Record<string, unknown>);
  if (mutation) return MUTATION_COST * fields.length;
  return fields.reduce<number>((sum, v) => sum + valueCost(v), 0);
}

function valueCost(value: unknown): number {
  if (Array.isArray(value)) return value.reduce<number>((sum, v) => sum + valueCost(v), 0);
  if (!value || typeof value !== "object") return 0;
  const obj = value as Record<string, unknown>;
  if (Array.isArray(obj.nodes) || Array.isArray(obj.edges)) {
    return 2 + valueCost(obj.nodes ?? []) + valueCost(obj.edges ?? []);
  }
  return 1 + Object.values(obj).reduce<number>((sum, v) => sum + valueCost(v), 0);
}

export interface Bucket {
  available: number;
  at: number;
}

export const BUCKET_SIZE = 2000;
const RESTORE_RATE = 100;

/** The bucket at `now` (refilled at the restore rate since it was last seen, never above its size). */
export function refill(bucket: Bucket | undefined, now: number): Bucket {
  if (!bucket) return { available: BUCKET_SIZE, at: now };
  const restored = ((now - bucket.at) / 1000) * RESTORE_RATE;
  return { available: Math.min(BUCKET_SIZE, bucket.available + Math.max(0, restored)), at: now };
}

/** The cost extension Shopify adds to every answer. */
export function costExtension(requested: number, actual: number | null, bucket: Bucket) {
  return {
    cost: {
      requestedQueryCost: requested,
      actualQueryCost: actual,
      throttleStatus: {
        maximumAvailable: BUCKET_SIZE,
        currentlyAvailable: Math.floor(bucket.available),
        restoreRate: RESTORE_RATE,
      },
    },
  };
}
