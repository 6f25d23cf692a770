import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { HttpFetch } from "./fetch.js";

/**
 * What a provider is built from, once at start: the configuration (base URLs, credentials: the real service's, or
 * the sandbox emulator's), the fetch that reaches it (in-process for the emulators) and the app's logger.
 */
export interface ProviderDeps {
  config: Config;
  fetch: HttpFetch;
  log: FastifyBaseLogger;
}
