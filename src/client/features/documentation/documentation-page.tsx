import {
  API_ERROR_CODES,
  API_RATE_LIMITS,
  IDEMPOTENCY_TTL_HOURS,
  WEBHOOK_HEADERS,
  WEBHOOK_TOLERANCE_SECONDS,
} from "@contract/api";
import { endpointUrl } from "@contract/endpoint";
import { apiIntegrationEndpoints } from "@contract/endpoints/api-integration";
import { ArrowLeftIcon } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import { Brand } from "@/components/brand";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { ThemeToggle } from "@/components/theme-toggle";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { useOpenApiDocument } from "./api/openapi";
import { curlExample, type Endpoint, endpointsOf, jsExample, type OpenApiDocument, urlOf } from "./openapi";

const OPENAPI_URL = endpointUrl(apiIntegrationEndpoints.openapi, {});

const ERROR_MEANINGS: Record<keyof typeof API_ERROR_CODES, string> = {
  invalid_request: "The body, query or cursor is not valid (the message names the field)",
  unknown_item: "No item of that code name in your inventory",
  game_rules_violation: "Mixed games, or more different items than the game allows",
  insufficient_inventory: "Not enough units available",
  missing_api_key: "No Authorization: Bearer header",
  invalid_api_key: "The key is wrong, or was refreshed",
  api_integration_disabled: "The API is switched off on the API Integration page",
  subscription_required: "The plan is Free or has expired (Basic or Pro needed)",
  admin_required: "An admin or bot endpoint called with an API key",
  not_found: "No such order of yours, or no such route",
  order_not_cancellable: "The order is already claimed, delivered or closed",
  idempotency_key_reused: "The Idempotency-Key was already used with another body",
  rate_limited: "Too many requests: wait Retry-After seconds",
  internal_error: "Our fault: retry with the same Idempotency-Key",
};

function CodeBlock({ label, code }: { label: string; code: string }) {
  return (
    <figure className="grid min-w-0 gap-1">
      <figcaption className="text-xs font-medium text-muted-foreground">{label}</figcaption>
      {/* Focusable so a keyboard user can scroll a long line into view (WCAG 2.1.1). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus */}
      <section tabIndex={0} aria-label={label} className="overflow-x-auto rounded-md bg-muted p-3">
        <pre className="text-xs leading-relaxed">
          <code>{code}</code>
        </pre>
      </section>
    </figure>
  );
}

/** Sends one call to this server with the key the reader typed, and shows the answer. */
function TryIt({ endpoint, apiKey }: { endpoint: Endpoint; apiKey: string }) {
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const [body, setBody] = useState(endpoint.body === null ? "" : JSON.stringify(endpoint.body, null, 2));
  const [answer, setAnswer] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const inputs = endpoint.parameters.filter((p) => p.in !== "header");

  async function send() {
    setPending(true);
    try {
      const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}` };
      if (endpoint.body !== null) headers["Content-Type"] = "application/json";
      if (endpoint.parameters.some((p) => p.name === "idempotency-key"))
        headers["Idempotency-Key"] = crypto.randomUUID();
      const res = await fetch(urlOf(endpoint, values), {
        method: endpoint.method,
        headers,
        body: endpoint.body === null ? undefined : body,
        credentials: "omit",
      });
      const text = await res.text();
      let shown = text;
      try {
        shown = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // Not JSON: shown as it came.
      }
      setAnswer(`${res.status} ${res.statusText}\n\n${shown}`);
    } catch (err) {
      setAnswer(`Request failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setPending(false);
    }
  }

  return (
    <details className="rounded-md border p-3">
      <summary className="cursor-pointer text-sm font-medium">Try it</summary>
      <form
        noValidate
        className="mt-3 grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        {inputs.map((p) => (
          <div key={p.name} className="grid gap-1">
            <Label htmlFor={`${id}-${p.name}`}>
              {p.name} <span className="text-xs text-muted-foreground">({p.in})</span>
            </Label>
            <Input
              id={`${id}-${p.name}`}
              value={values[p.name] ?? ""}
              onChange={(e) => setValues((v) => ({ ...v, [p.name]: e.target.value }))}
            />
          </div>
        ))}
        {endpoint.body !== null && (
          <div className="grid gap-1">
            <Label htmlFor={`${id}-body`}>Body (JSON)</Label>
            <Textarea
              id={`${id}-body`}
              className="font-mono text-xs"
              rows={5}
              value={body}
              onChange={(e) => setBody(e.target.value)}
            />
          </div>
        )}
        <div>
          <Button type="submit" size="sm" disabled={!apiKey || pending}>
            Send request
          </Button>
          {!apiKey && <p className="mt-1 text-xs text-muted-foreground">Enter your API key above first.</p>}
        </div>
        {answer !== null && <CodeBlock label="Response" code={answer} />}
      </form>
    </details>
  );
}

function EndpointCard({
  endpoint,
  baseUrl,
  apiKey,
}: {
  endpoint: Endpoint;
  baseUrl: string;
  apiKey: string;
}) {
  const { operation } = endpoint;
  const forKeys = operation.tags?.includes("Public API") ?? false;
  return (
    <Card role="region" aria-label={`${endpoint.method} ${endpoint.path}`}>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 font-mono text-base break-all">
          <Badge variant={endpoint.method === "GET" ? "secondary" : "default"}>{endpoint.method}</Badge>
          {endpoint.path}
        </CardTitle>
        <CardDescription>
          <span className="font-medium text-foreground">{operation.summary}</span>
          {operation.description && <> — {operation.description}</>}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 [&>*]:min-w-0">
        {endpoint.parameters.length > 0 && (
          <ul className="grid gap-1 text-sm">
            {endpoint.parameters.map((p) => (
              <li key={`${p.in}-${p.name}`}>
                <code className="font-mono">{p.name}</code>{" "}
                <span className="text-xs text-muted-foreground">
                  ({p.in}
                  {p.required ? ", required" : ""})
                </span>
                {p.description && <> — {p.description}</>}
              </li>
            ))}
          </ul>
        )}
        {forKeys && (
          <div className="grid gap-3 lg:grid-cols-2 [&>*]:min-w-0">
            <CodeBlock label="curl" code={curlExample(endpoint, baseUrl)} />
            <CodeBlock label="JavaScript" code={jsExample(endpoint, baseUrl)} />
          </div>
        )}
        {endpoint.success && (
          <CodeBlock
            label={`Response ${endpoint.success.status}`}
            code={JSON.stringify(endpoint.success.example, null, 2)}
          />
        )}
        <p className="text-xs text-muted-foreground">
          Errors:{" "}
          {Object.keys(operation.responses)
            .filter((s) => !s.startsWith("2"))
            .join(", ")}
        </p>
        {forKeys && <TryIt endpoint={endpoint} apiKey={apiKey} />}
      </CardContent>
    </Card>
  );
}

function Reference({ doc }: { doc: OpenApiDocument }) {
  const keyId = useId();
  const [apiKey, setApiKey] = useState("");
  const baseUrl = doc.servers?.[0]?.url ?? window.location.origin;
  const endpoints = endpointsOf(doc);
  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <Card role="region" aria-labelledby="doc-basics">
        <CardHeader>
          <CardTitle id="doc-basics">Basics</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 text-sm">
          <p>
            <span className="font-medium">Base URL:</span>{" "}
            <code className="font-mono break-all">{baseUrl}</code>
          </p>
          <p>
            <span className="font-medium">Authentication:</span> send your API key (from{" "}
            <Link href="/api-integration" className="text-primary underline underline-offset-4">
              API Integration
            </Link>
            , Basic or Pro plan) as <code className="font-mono">Authorization: Bearer &lt;key&gt;</code>.
          </p>
          <p>
            <span className="font-medium">Rules:</span> an order holds items of one game, at most the game's
            maximum of different items, and only what your inventory has available; it reserves the units at
            once.
          </p>
          <p>
            <span className="font-medium">Rate limits:</span> {API_RATE_LIMITS.reads} reads and{" "}
            {API_RATE_LIMITS.writes} writes per minute per key. Every answer to a request with a valid key
            carries RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; a 429 carries Retry-After. A 401
            (no key, or an unknown one) carries none.
          </p>
          <p>
            <span className="font-medium">Idempotency:</span> send an Idempotency-Key header on create-order:
            the same key and body within {IDEMPOTENCY_TTL_HOURS} h return the first order; another body with
            the same key is a 422.
          </p>
          <p>
            <span className="font-medium">Webhooks:</span> deliveries carry {WEBHOOK_HEADERS.id},{" "}
            {WEBHOOK_HEADERS.timestamp} and {WEBHOOK_HEADERS.signature} (v1= HMAC-SHA256 of id.timestamp.body
            with your signing secret; refuse timestamps more than {WEBHOOK_TOLERANCE_SECONDS / 60} minutes
            away). The integrators' guide with a verification snippet is docs/api.md in the Autodrop
            repository. The machine-readable reference:{" "}
            <a className="text-primary underline underline-offset-4" href={OPENAPI_URL}>
              {OPENAPI_URL}
            </a>{" "}
            (OpenAPI {doc.openapi}).
          </p>
        </CardContent>
      </Card>

      <Card role="region" aria-labelledby="doc-errors">
        <CardHeader>
          <CardTitle id="doc-errors">Error codes</CardTitle>
          <CardDescription>
            Every error is JSON {"{"} "error": "…", "code": "…" {"}"}; the codes are stable.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ScrollRegion label="Error code table">
            <table className="w-full text-sm">
              <thead className="text-left text-xs text-muted-foreground">
                <tr>
                  <th className="py-2 pr-3 font-medium">Status</th>
                  <th className="py-2 pr-3 font-medium">Code</th>
                  <th className="py-2 font-medium">Meaning</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(API_ERROR_CODES).map(([code, status]) => (
                  <tr key={code} className="border-t">
                    <td className="py-2 pr-3">{status}</td>
                    <td className="py-2 pr-3 font-mono text-xs">{code}</td>
                    <td className="py-2">{ERROR_MEANINGS[code as keyof typeof API_ERROR_CODES]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </CardContent>
      </Card>

      <section aria-labelledby="doc-endpoints" className="grid gap-4 [&>*]:min-w-0">
        <h2 id="doc-endpoints" className="text-xl font-semibold">
          Endpoints
        </h2>
        <div className="grid gap-1">
          <Label htmlFor={keyId}>API key for Try it</Label>
          <Input
            id={keyId}
            type="password"
            autoComplete="off"
            placeholder="ad_test_…"
            value={apiKey}
            onChange={(e) => setApiKey(e.target.value.trim())}
            aria-describedby={`${keyId}-hint`}
          />
          <p id={`${keyId}-hint`} className="text-xs text-muted-foreground">
            Try it sends real requests to this server ({window.location.origin}); use a sandbox (ad_test_) key
            to experiment. The key stays in this page.
          </p>
        </div>
        {endpoints.map((endpoint) => (
          <EndpointCard
            key={`${endpoint.method} ${endpoint.path}`}
            endpoint={endpoint}
            baseUrl={baseUrl}
            apiKey={apiKey}
          />
        ))}
      </section>
    </div>
  );
}

export function DocumentationPage() {
  const { data, error, isLoading, refetch, isFetching } = useOpenApiDocument();
  return (
    <div className="min-h-dvh">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4 sm:px-6">
          <Link href="/" aria-label="Autodrop home">
            <Brand />
          </Link>
          <ThemeToggle />
        </div>
      </header>
      <main className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6">
        <Button asChild variant="ghost" size="sm">
          <Link href="/">
            <ArrowLeftIcon aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
        <PageHeader
          title="API Documentation"
          description="Base URL, bearer authentication, endpoints, rules and error codes of the Autodrop API."
        />
        {isLoading && <Skeleton className="h-64 w-full" />}
        {error && (
          <LoadError
            title="Failed to load the API reference"
            error={error}
            onRetry={() => void refetch()}
            retrying={isFetching}
          />
        )}
        {data && <Reference doc={data} />}
      </main>
    </div>
  );
}
