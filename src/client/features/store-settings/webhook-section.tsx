import { SHOPIFY_WEBHOOK_PATHS } from "@contract/shopify";
import { CopyButton } from "@/components/copy-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** Where Shopify sends orders (registered automatically on connect; shown for checking in the store's admin). */
export function WebhookSection() {
  const url = `${window.location.origin}${SHOPIFY_WEBHOOK_PATHS["orders/create"]}`;
  return (
    <Card aria-labelledby="webhook-information-title" role="region">
      <CardHeader>
        <CardTitle id="webhook-information-title">Webhook Information</CardTitle>
        <CardDescription>Autodrop registers this webhook in your store when you connect it.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-[auto_1fr] sm:gap-x-6">
          <dt className="text-sm text-muted-foreground">Webhook URL</dt>
          <dd className="flex items-center gap-2">
            <code className="rounded bg-muted px-2 py-1 text-sm break-all" data-testid="webhook-url">
              {url}
            </code>
            <CopyButton text={url} label="Copy orders endpoint" what="the URL" variant="ghost" />
          </dd>
          <dt className="text-sm text-muted-foreground">Topic</dt>
          <dd>
            <code className="rounded bg-muted px-2 py-1 text-sm">orders/create</code>
          </dd>
          <dt className="text-sm text-muted-foreground">Format</dt>
          <dd>
            <code className="rounded bg-muted px-2 py-1 text-sm">JSON</code>
          </dd>
        </dl>
      </CardContent>
    </Card>
  );
}
