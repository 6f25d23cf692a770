import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { HttpError } from "./errors.js";

/** Describes zod issues as "field: problem" so a 400 says which field is wrong. */
export function describeValidation(
  issues: { instancePath?: string; message?: string; params?: unknown }[],
): string {
  return issues
    .map((i) => {
      const params = i.params as { issue?: { path?: (string | number)[] } } | undefined;
      const path =
        params?.issue?.path?.join(".") || i.instancePath?.replace(/^\//, "").replaceAll("/", ".") || "body";
      return `${path}: ${i.message ?? "is invalid"}`;
    })
    .join("; ");
}

/** Every error under /api leaves as JSON { error } with the right status and never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      const body = err.code ? { error: err.message, code: err.code } : { error: err.message };
      return reply.status(err.statusCode).headers(err.headers).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? "body";
      return reply
        .status(400)
        .send({ error: `Validation failed: ${describeValidation(err.validation)}`, where });
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ error: "Rate limit exceeded" });
    if (status >= 400 && status < 500) {
      const message =
        err.code === "FST_ERR_CTP_INVALID_JSON" || err instanceof SyntaxError
          ? "Bad request: body is not valid JSON"
          : err.code === "FST_ERR_CTP_EMPTY_JSON_BODY"
            ? "Bad request: body is empty"
            : err.code === "FST_ERR_CTP_BODY_TOO_LARGE"
              ? "Bad request: body is too large"
              : err.message;
      return reply.status(status).send({ error: message });
    }
    request.log.error({ err }, "request failed");
    return reply.status(500).send({ error: "Internal server error" });
  });
}
