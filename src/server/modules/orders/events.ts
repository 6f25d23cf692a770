import type { AppContext } from "../../context.js";
import type { JobDefinition } from "../../jobs/queue.js";

/**
 * A post-commit hook run by a durable job: listeners subscribe per app (tests build several apps in one process)
 * and all run in the job after the change committed. A failing listener makes the job retry, so every listener
 * must be idempotent (or enqueue its own job and return).
 */
export function jobHook<E extends object>(jobName: string, batch?: JobDefinition<E>["batch"]) {
  const listenersByApp = new WeakMap<AppContext, ((event: E) => Promise<void>)[]>();
  const listenersOf = (ctx: AppContext) => {
    let list = listenersByApp.get(ctx);
    if (!list) {
      list = [];
      listenersByApp.set(ctx, list);
    }
    return list;
  };
  return {
    jobName,
    /** Subscribes; call it from a module's plugin. */
    on(ctx: AppContext, listener: (event: E) => Promise<void>): void {
      listenersOf(ctx).push(listener);
    },
    /** Defines the job (once per app, before jobs start). */
    define(ctx: AppContext): void {
      ctx.jobs.define<E>({
        name: jobName,
        retryLimit: 10,
        retryDelaySeconds: 10,
        batch,
        handler: async (event) => {
          const failures: unknown[] = [];
          for (const listener of listenersOf(ctx)) {
            try {
              await listener(event);
            } catch (err) {
              failures.push(err);
            }
          }
          if (failures.length > 0)
            throw new AggregateError(failures, `${failures.length} ${jobName} listener(s) failed`);
        },
      });
    },
  };
}

/** Orders created together (a Shopify purchase: one per game, plus their parent when there are several). */
export interface OrderCreatedEvent {
  userId: string;
  orderIds: string[];
  /** Listings whose stock the intake lowered. */
  listingIds: string[];
}

/**
 * The job carries the purchases an intake batch committed for sellers with something to follow up: a store that
 * syncs inventory, or Discord notifications turned on (the intake's `follow_up`, which a listener acting on other
 * sellers must widen). Listeners take the whole batch so their queries do not grow with its size. Under load a
 * worker takes many such jobs at once, merged into one batch.
 */
export interface OrderCreatedBatch {
  events: OrderCreatedEvent[];
}

export const orderCreatedHook = jobHook<OrderCreatedBatch>("orders.created", {
  size: 100,
  merge: (batches) => ({ events: batches.flatMap((b) => b.events) }),
});
export const ORDER_CREATED_JOB = orderCreatedHook.jobName;

/** Subscribes to created orders (whole intake batches); call it from a module's plugin. Listeners must be idempotent. */
export function onOrdersCreated(
  ctx: AppContext,
  listener: (batch: OrderCreatedBatch) => Promise<void>,
): void {
  orderCreatedHook.on(ctx, listener);
}
