import { buildApp } from "./app.js";
import { ConfigError, exposedSandboxWarning, loadConfig } from "./config.js";
import { seedDemoData } from "./demo/index.js";

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  if (config.seedDemo) await seedDemoData(app.ctx);
  await app.listen({ port: config.port, host: config.host });

  const where = config.databaseUrl ? "PostgreSQL" : `PGlite in ${config.dataDir}`;
  console.log(
    `\nAutodrop is running at ${config.publicUrl}  (database: ${where}, sandbox: ${config.sandbox ? "on" : "off"})`,
  );
  if (config.sandbox) {
    const roblox = `${config.publicUrl}/__sandbox/roblox`;
    console.log(`  Log in at ${config.publicUrl}/login as "DemoSeller" (or the demo admin "DemoAdmin").`);
    console.log(`  Paste the verification phrase the login page shows into that user's profile description`);
    console.log(`  in the sandbox Roblox (${roblox}, Edit description), save, then click Verify & Login.`);
    console.log(`  All sandbox emulators: ${config.publicUrl}/__sandbox\n`);
  }
  const exposed = exposedSandboxWarning(config);
  if (exposed) console.warn(`\n${exposed}\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    // close() stops accepting connections, lets in-flight requests finish, then runs onClose (jobs, database).
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
