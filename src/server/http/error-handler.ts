import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { HttpError } from "./errors.js";

/** Describes zod issues as "field: problem" so a 400 says which field is wrong. */
function describeValidation(issues: { instancePath?: string; message?: string; params?: unknown }[]): string {
  return issues
    .map((i) => {
      const params = i.params as { issue?: { path?: (string | number)[] } } | undefined;
      const path =
        params?.issue?.path?.join(".") || i.instancePath?.replace(/^\//, "").replaceAll("/", ".") || "body";
      return `${path}: ${i.message ?? "is invalid"}`;
    })
    .join("; ");
}

/** How an error a client caused reads; `unreadableBody` when the request body could not be parsed at all. */
export interface ClientError {
  status: number;
  error: string;
  code?: string;
  where?: string;
  headers?: Record<string, string>;
  unreadableBody: boolean;
}

/** The client's side of an error (the status, what to tell them), or null for our own failure (a 500). */
export function clientErrorOf(err: FastifyError): ClientError | null {
  if (err instanceof HttpError)
    return {
      status: err.statusCode,
      error: err.message,
      code: err.code,
      headers: err.headers,
      unreadableBody: false,
    };
  if (hasZodFastifySchemaValidationErrors(err))
    return {
      status: 400,
      error: `Validation failed: ${describeValidation(err.validation)}`,
      where: err.validationContext ?? "body",
      unreadableBody: false,
    };
  const status = err.statusCode ?? 500;
  if (status === 429) return { status, error: "Rate limit exceeded", unreadableBody: false };
  if (status < 400 || status >= 500) return null;
  const unreadableBody = err instanceof SyntaxError || err.code?.startsWith("FST_ERR_CTP") === true;
  const error =
    err.code === "FST_ERR_CTP_INVALID_JSON" || err instanceof SyntaxError
      ? "Bad request: body is not valid JSON"
      : err.code === "FST_ERR_CTP_EMPTY_JSON_BODY"
        ? "Bad request: body is empty"
        : err.code === "FST_ERR_CTP_BODY_TOO_LARGE"
          ? "Bad request: body is too large"
          : err.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
            ? "Unsupported media type: send JSON (Content-Type: application/json)"
            : err.message;
  return { status, error, unreadableBody };
}

/**
 * Every error under /api leaves as JSON { error } with the right status and never a stack trace. With `codeOf`, an
 * error that names no code gets its status's (the Bot API's `{error, code}`, decision 043).
 */
export function jsonErrorHandler(codeOf?: (status: number) => string) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const answer = clientErrorOf(err);
    if (!answer) {
      request.log.error({ err }, "request failed");
      return reply
        .status(500)
        .send({ error: "Internal server error", ...(codeOf ? { code: codeOf(500) } : {}) });
    }
    const { status, error, where, headers } = answer;
    const code = answer.code ?? codeOf?.(status);
    return reply
      .status(status)
      .headers(headers ?? {})
      .send({ error, ...(code ? { code } : {}), ...(where ? { where } : {}) });
  };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(jsonErrorHandler());
}
