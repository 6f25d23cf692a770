import { randomBytes } from "node:crypto";
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import type { DestinationStream, Logger } from "pino";
import { redactUrl } from "./log-redaction.js";

const IN_PROCESS_HEADER = "x-autodrop-in-process";
/** Random for each process, so no request from outside can pass for one of its own. */
const IN_PROCESS_TOKEN = randomBytes(16).toString("hex");

/**
 * Headers for a request the process sends itself through inject (the app calling a sandbox emulator, an emulator
 * delivering a webhook or a callback to the app): its log line is a debug one.
 */
export const inProcessHeaders = (): Record<string, string> => ({ [IN_PROCESS_HEADER]: IN_PROCESS_TOKEN });

const isInProcess = (request: FastifyRequest) => request.headers[IN_PROCESS_HEADER] === IN_PROCESS_TOKEN;

/**
 * One log line a request, once it is answered ("GET /api/stats 200 3ms", the request and response fields beside
 * it), in place of Fastify's "incoming request" and "request completed"; the process's own calls to its sandbox at
 * debug level.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const level = error ? "error" : isInProcess(request) ? "debug" : "info";
    // Below the configured level the line is never written: skip composing it (every request pays for it).
    if ((request.log as Partial<Logger>).isLevelEnabled?.(level) === false) return;
    const ms = Math.round(reply.elapsedTime);
    const line = `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${ms}ms`;
    const fields = { req: request, res: reply, responseTime: ms, ...(error ? { err: error } : {}) };
    request.log[level](fields, line);
  }
}

export const requestLogController = (): LogController => new OneLinePerRequest();

/**
 * Human-readable lines for a terminal, written in this thread as they are logged (pino's transport would write them
 * from a worker, after whatever the process prints meanwhile, such as the start banner). The request line already
 * says what its fields hold.
 */
export async function prettyLogStream(): Promise<DestinationStream> {
  // A development dependency, loaded only at a terminal: production installs may leave it out.
  const { default: pretty } = await import("pino-pretty");
  return pretty({
    sync: true,
    singleLine: true,
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname,reqId,req,res,responseTime",
  });
}
