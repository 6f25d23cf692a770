import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { registerAuth } from "./auth/routes.js";

/** Every domain module registers its routes here (one line each). */
export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerAuth(app, ctx);
}
