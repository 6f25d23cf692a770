import { BOT_API_AUTH, BOT_API_ENDPOINTS, BOT_API_ERRORS, shownPath } from "@contract/bot-api-reference";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** API Documentation: the external Bot API reference (docs/bot-api.md); the seller API is at /documentation. */
export function ApiDocsTab() {
  return (
    <div className="grid grid-cols-1 gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Bot API</CardTitle>
          <CardDescription>
            What delivery bots call. The public seller API is documented on the{" "}
            <Link
              href="/documentation"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              API Documentation page
            </Link>
            .
          </CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-2 text-sm">
          <p>
            <span className="font-medium">Authentication:</span>{" "}
            <code className="rounded bg-muted px-1 py-0.5 text-xs">{BOT_API_AUTH.header}</code>
          </p>
          <p>{BOT_API_AUTH.keys}</p>
          <p>
            <span className="font-medium">Rate limit:</span> {BOT_API_AUTH.rateLimit}
          </p>
          <p className="font-medium">Errors are JSON {'{ "error": "…", "code": "…" }'}:</p>
          <ul className="grid grid-cols-1 gap-1 sm:grid-cols-2">
            {BOT_API_ERRORS.map(([status, code, meaning]) => (
              <li key={status}>
                <code className="text-xs">
                  {status} {code}
                </code>{" "}
                {meaning}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
      {BOT_API_ENDPOINTS.map((e) => (
        <Card key={`${e.method} ${e.path}`} className="gap-3">
          <CardHeader>
            <CardTitle className="flex flex-wrap items-center gap-2 text-base">
              <Badge variant={e.method === "GET" ? "secondary" : "default"}>{e.method}</Badge>
              <code className="break-all text-sm">{shownPath(e)}</code>
            </CardTitle>
            <CardDescription>{e.summary}</CardDescription>
          </CardHeader>
          <CardContent className="grid grid-cols-1 gap-2 text-sm">
            {e.request && (
              <p>
                <span className="font-medium">Body:</span>{" "}
                <code className="break-all text-xs">{e.request}</code>
              </p>
            )}
            <p>
              <span className="font-medium">Answer:</span>{" "}
              <code className="break-all text-xs">{e.response}</code>
            </p>
            {e.errors && (
              <p>
                <span className="font-medium">Errors:</span>{" "}
                {e.errors.map(([status, meaning]) => `${status} ${meaning}`).join("; ")}
              </p>
            )}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
