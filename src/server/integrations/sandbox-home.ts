import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";

export async function registerSandboxHome(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
