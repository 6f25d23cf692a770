import { benchApi, printApi } from "./api.js";
import { benchBudgets, printBudgets } from "./budgets.js";
import { benchDashboard, printDashboard } from "./dashboard.js";
import { benchDbFailover, printFailover } from "./db-failover.js";
import { benchPageWeight, printPageWeight } from "./page-weight.js";
import { benchWebhookIngest, printIngest } from "./webhook-ingest.js";

/**
 * npm run bench [-- webhook|api|failover|dashboard|pages|budgets]: the performance budgets of docs/performance.md, on
 * PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres). Results go
 * to stdout as Markdown tables; docs/performance.md keeps the measured numbers. `budgets` is issue 30's sitting (the
 * ingest three times, pages, API, dashboard, judged together); with no name, every benchmark but that runs once.
 */
const BENCHES: Record<string, () => Promise<void>> = {
  webhook: async () => {
    console.log("Shopify orders/create ingest");
    printIngest(await benchWebhookIngest(Number(process.env.BENCH_SECONDS ?? 10)));
  },
  api: async () => {
    console.log("Public API: create-order, and a Plisio callback to the plan active");
    printApi(await benchApi(Number(process.env.BENCH_SECONDS ?? 10)));
  },
  failover: async () => {
    console.log("Orders while every database connection is terminated every 2 s (2 instances)");
    printFailover(await benchDbFailover(Number(process.env.BENCH_SECONDS ?? 12)));
  },
  pages: async () => {
    console.log("Page weight and LCP per route (built client)");
    printPageWeight(await benchPageWeight());
  },
  dashboard: async () => {
    console.log("Dashboard for a seller with 1,000,000 orders");
    printDashboard(await benchDashboard());
  },
};
const SITTING: Record<string, () => Promise<void>> = {
  budgets: async () => {
    console.log("Issue 30's budgets in one sitting");
    printBudgets(await benchBudgets(Number(process.env.BENCH_SECONDS ?? 10)));
  },
};

const named = { ...BENCHES, ...SITTING };
const wanted = process.argv.slice(2).filter((a) => a in named);
for (const name of wanted.length ? wanted : Object.keys(BENCHES)) {
  await named[name]?.();
  console.log("");
}
process.exit(process.exitCode ?? 0);
