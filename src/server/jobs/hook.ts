import type { DbOrTx } from "../db/client.js";
import type { JobDefinition, JobQueue } from "./queue.js";

/**
 * A post-commit hook run by a durable job: listeners subscribe per app (tests build several apps in one process,
 * each with its own queue) and all run in the job after the change committed. A failing listener makes the job
 * retry, so every listener must be idempotent (or enqueue its own job and return).
 */
export function jobHook<E extends object>(jobName: string, batch?: JobDefinition<E>["batch"]) {
  const listenersByQueue = new WeakMap<JobQueue, ((event: E) => Promise<void>)[]>();
  const listenersOf = (jobs: JobQueue) => {
    let list = listenersByQueue.get(jobs);
    if (!list) {
      list = [];
      listenersByQueue.set(jobs, list);
    }
    return list;
  };
  return {
    jobName,
    /** Subscribes; call it from a module's plugin. */
    on(ctx: { jobs: JobQueue }, listener: (event: E) => Promise<void>): void {
      listenersOf(ctx.jobs).push(listener);
    },
    /** Queues the hook's job in the change's own transaction, so listeners run only once it has committed. */
    async fire(ctx: { jobs: JobQueue }, tx: DbOrTx, event: E): Promise<void> {
      await ctx.jobs.send<E>(jobName, event, { tx });
    },
    /** Defines the job (once per app, before jobs start). */
    define(ctx: { jobs: JobQueue }): void {
      ctx.jobs.define<E>({
        name: jobName,
        retryLimit: 10,
        retryDelaySeconds: 10,
        batch,
        handler: async (event) => {
          const failures: unknown[] = [];
          for (const listener of listenersOf(ctx.jobs)) {
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
