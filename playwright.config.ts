import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 5099);
export const BASE_URL = `http://localhost:${PORT}`;

/**
 * Browser tests drive Debian's Chromium (/usr/bin/chromium) against the real server on a fresh PGlite database
 * with the sandbox and demo data. No browser is ever downloaded.
 */
export default defineConfig({
  testDir: "tests/e2e",
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  // One retry on CI only: a red run refuses the whole submission, and a browser click has been seen to hang once in
  // many runs with no failure of the app behind it (the retried test passes; the report lists it as flaky, with
  // the first try's trace kept). Locally a failure is never retried, so flakiness shows where it is debugged.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 800 },
    // The app shortens every animation for users who ask for less motion; the tests ask too, so a toast fading out
    // or a dialog fading in while axe measures colours cannot be caught half transparent.
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${BASE_URL}/api/stats`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: { PORT: String(PORT), PUBLIC_URL: BASE_URL, LOG_LEVEL: "warn" },
  },
});
