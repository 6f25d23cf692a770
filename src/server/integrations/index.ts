import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { registerSandboxHome } from "./sandbox-home.js";

/** The in-process emulators under /__sandbox; registered only when SANDBOX is on. */
export async function registerSandboxes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerSandboxHome(app, ctx);
}
