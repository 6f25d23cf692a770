import { buildApp } from "./app.js";
import { ConfigError, loadConfig } from "./config.js";
import { runDoctor } from "./doctor.js";

/**
 * `npm run doctor`: the configuration (what real mode is missing), then each integration's credentials and
 * reachability, read only. Builds the app without listening or running jobs; exits 1 when something is wrong.
 */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(`✘ Config   ${err.message}`);
    process.exit(1);
  }
  const app = await buildApp({ ...config, logLevel: "error" }, { startJobs: false });
  try {
    const checks = await runDoctor(app.ctx);
    for (const c of checks) console.log(`${c.ok ? "✔" : "✘"} ${c.service.padEnd(8)} ${c.message}`);
    process.exitCode = checks.every((c) => c.ok) ? 0 : 1;
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
