import type { AppContext } from "../../context.js";
import { rollUpSettled } from "./rollups.js";

const ANALYTICS_FOLD_JOB = "analytics.fold";
/** How stale the folded analytics tables may get; the readers' views add the unfolded rest (decision 045). */
const FOLD_EVERY_SECONDS = 5;

/**
 * Moves the deltas the order triggers appended into the folded analytics tables (drizzle/0019_analytics.sql,
 * analytics_fold), in a transaction of its own that waits on no order transaction.
 */
export async function foldAnalytics(ctx: AppContext): Promise<void> {
  await ctx.database.raw.query("SELECT analytics_fold()");
}

/**
 * The fold job: it folds, sums the dashboard's buckets that settled since its last run (decision 053), then sends
 * itself again FOLD_EVERY_SECONDS later. pg-boss schedules by the minute, so the
 * schedule only restarts a chain that stopped (a crash); `single` drops its send while the chain's next one waits.
 */
export function defineAnalyticsFoldJob(ctx: AppContext): void {
  ctx.jobs.define({
    name: ANALYTICS_FOLD_JOB,
    schedule: "* * * * *",
    single: true,
    retryLimit: 0,
    handler: async () => {
      try {
        await foldAnalytics(ctx);
        await rollUpSettled(ctx, ctx.clock());
      } finally {
        await ctx.jobs.send(ANALYTICS_FOLD_JOB, {}, { startAfterSeconds: FOLD_EVERY_SECONDS });
      }
    },
  });
}
