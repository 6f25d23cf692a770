import { type core, z } from "zod";

// Discord's rules for an execute-webhook body and a webhook's rate limit, as Discord documents them (message
// resource, "Embed Limits"; reference, "Error Messages"; topics, "Rate Limits"), for the emulator only.

/** Discord measures text trimmed, in characters (code points). */
const discordLength = (text: string) => [...text.trim()].length;

const maxLength = (max: number) =>
  z.string().refine((v) => discordLength(v) <= max, {
    message: `Must be ${max} or fewer in length.`,
    params: { discord: "BASE_TYPE_MAX_LENGTH" },
  });
const requiredText = (max: number) =>
  maxLength(max).refine((v) => discordLength(v) > 0, {
    message: "This field is required",
    params: { discord: "BASE_TYPE_REQUIRED" },
  });

const embedSchema = z.looseObject({
  title: maxLength(256).optional(),
  description: maxLength(4096).optional(),
  color: z.number().int().min(0).max(0xffffff).optional(),
  timestamp: z.string().optional(),
  author: z.looseObject({ name: requiredText(256) }).optional(),
  fields: z
    .array(
      z.looseObject({ name: requiredText(256), value: requiredText(1024), inline: z.boolean().optional() }),
    )
    .max(25)
    .optional(),
  footer: z.looseObject({ text: requiredText(2048) }).optional(),
});

/** The part of the execute-webhook body the emulator checks. */
const executeBodySchema = z.looseObject({
  content: maxLength(2000).optional(),
  username: maxLength(80).optional(),
  embeds: z.array(embedSchema).max(10).optional(),
  allowed_mentions: z
    .looseObject({ parse: z.array(z.enum(["everyone", "roles", "users"])).optional() })
    .optional(),
});
export type ExecuteBody = z.infer<typeof executeBodySchema>;
type Embed = NonNullable<ExecuteBody["embeds"]>[number];

/** Title, description, field names and values, footer text and author name of every embed count together. */
export const EMBEDS_TOTAL_MAX = 6000;

function embedsLength(embeds: Embed[]): number {
  return embeds.reduce(
    (sum, e) =>
      sum +
      discordLength(e.title ?? "") +
      discordLength(e.description ?? "") +
      (e.fields ?? []).reduce((n, f) => n + discordLength(f.name) + discordLength(f.value), 0) +
      discordLength(e.footer?.text ?? "") +
      discordLength(e.author?.name ?? ""),
    0,
  );
}

interface FieldError {
  code: string;
  message: string;
}
interface ErrorTree {
  _errors?: FieldError[];
  [key: string]: ErrorTree | FieldError[] | undefined;
}

/** Discord's form error body: code 50035 and, per JSON path, the `_errors` found there. */
export interface DiscordFormError {
  code: 50035;
  errors: ErrorTree;
  message: "Invalid Form Body";
}

function fieldError(issue: core.$ZodIssue): FieldError {
  if (issue.code === "custom") return { code: String(issue.params?.discord), message: issue.message };
  if (issue.code === "too_big")
    return issue.origin === "array"
      ? { code: "BASE_TYPE_MAX_LENGTH", message: `Must be ${issue.maximum} or fewer in length.` }
      : { code: "NUMBER_TYPE_MAX", message: `int value should be less than or equal to ${issue.maximum}.` };
  if (issue.code === "too_small")
    return {
      code: "NUMBER_TYPE_MIN",
      message: `int value should be greater than or equal to ${issue.minimum}.`,
    };
  if (issue.code === "invalid_value")
    return { code: "BASE_TYPE_CHOICES", message: `Value must be one of ${JSON.stringify(issue.values)}.` };
  if (issue.code === "invalid_type" && issue.input === undefined)
    return { code: "BASE_TYPE_REQUIRED", message: "This field is required" };
  return { code: "BASE_TYPE_BAD_TYPE", message: issue.message };
}

function formError(entries: { path: PropertyKey[]; error: FieldError }[]): DiscordFormError {
  const errors: ErrorTree = {};
  for (const { path, error } of entries) {
    let node = errors;
    for (const key of path) {
      node[String(key)] ??= {};
      node = node[String(key)] as ErrorTree;
    }
    node._errors = [...(node._errors ?? []), error];
  }
  return { code: 50035, errors, message: "Invalid Form Body" };
}

/** The body Discord would take, or the 400 it would answer. */
export function checkExecuteBody(
  body: unknown,
): { ok: true; body: ExecuteBody } | { ok: false; error: DiscordFormError } {
  const parsed = executeBodySchema.safeParse(body);
  if (!parsed.success) {
    return {
      ok: false,
      error: formError(parsed.error.issues.map((issue) => ({ path: issue.path, error: fieldError(issue) }))),
    };
  }
  if (embedsLength(parsed.data.embeds ?? []) > EMBEDS_TOTAL_MAX) {
    const error = {
      code: "MAX_EMBED_SIZE_EXCEEDED",
      message: `Embed size exceeds maximum size of ${EMBEDS_TOTAL_MAX}`,
    };
    return { ok: false, error: formError([{ path: ["embeds"], error }]) };
  }
  return { ok: true, body: parsed.data };
}

/** A webhook's own limit: about 5 executions per 2 seconds (Discord's headers say so; the numbers may change). */
export const WEBHOOK_RATE_LIMIT = { limit: 5, windowMs: 2000 } as const;

/** A webhook's bucket after a request: the window it falls in and how many requests that window has seen. */
export interface BucketState {
  windowStartedAt: Date;
  used: number;
}

/**
 * Discord's rate-limit headers for a request that left the bucket in `state`, and for a request over the limit the
 * 429 body. X-RateLimit-Bucket names the route's limit, not the webhook (top-level resources are not in it).
 */
export function rateLimitAnswer(
  state: BucketState,
  now: Date,
): {
  headers: Record<string, string>;
  limited: { message: string; retry_after: number; global: false } | null;
} {
  const resetAt = state.windowStartedAt.getTime() + WEBHOOK_RATE_LIMIT.windowMs;
  const resetAfter = Math.max(0, resetAt - now.getTime()) / 1000;
  const headers: Record<string, string> = {
    "x-ratelimit-limit": String(WEBHOOK_RATE_LIMIT.limit),
    "x-ratelimit-remaining": String(Math.max(0, WEBHOOK_RATE_LIMIT.limit - state.used)),
    "x-ratelimit-reset": (resetAt / 1000).toFixed(3),
    "x-ratelimit-reset-after": resetAfter.toFixed(3),
    "x-ratelimit-bucket": "execute-webhook",
  };
  if (state.used <= WEBHOOK_RATE_LIMIT.limit) return { headers, limited: null };
  return {
    headers: { ...headers, "retry-after": String(Math.ceil(resetAfter)), "x-ratelimit-scope": "user" },
    limited: {
      message: "You are being rate limited.",
      retry_after: Number(resetAfter.toFixed(3)),
      global: false,
    },
  };
}
