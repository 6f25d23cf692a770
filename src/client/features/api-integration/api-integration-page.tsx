import { API_TEXTS, type ApiIntegrationState, type ApiOrder, type WebhookDelivery } from "@contract/api";
import { apiIntegrationEndpoints as endpoints } from "@contract/endpoints/api-integration";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BookOpenIcon, ExternalLinkIcon, KeyRoundIcon, RefreshCwIcon, SendIcon } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "wouter";
import { CopyButton } from "@/components/copy-button";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { api } from "@/lib/api";
import { toastError } from "@/lib/error-toast";
import { formatDateTime } from "@/lib/format";
import { queryKeyOf } from "@/lib/queries";
import { toast } from "@/lib/toast";
import { useApiIntegrationState } from "./api/api-integration";

const STATE_KEY = queryKeyOf(endpoints.state);
const linkClass = "font-medium text-primary underline underline-offset-4";

/** The whole key, shown once after it was created or refreshed. */
function NewKey({ apiKey }: { apiKey: string }) {
  const id = useId();
  return (
    <Alert>
      <KeyRoundIcon aria-hidden="true" />
      <AlertTitle>Your new API key</AlertTitle>
      <AlertDescription className="grid gap-2">
        <p>Copy it now and keep it secret: you will not see it again.</p>
        <Label htmlFor={id} className="sr-only">
          API key
        </Label>
        {/* The description lines its children up at the start, so this row takes the full width; the key wraps
            rather than scrolling inside its field, so all of it is in view on a phone too. */}
        <div className="flex w-full items-start gap-2">
          <Textarea
            id={id}
            readOnly
            value={apiKey}
            rows={1}
            spellCheck={false}
            className="field-sizing-content min-h-9 resize-none font-mono text-xs break-all md:text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
          <CopyButton text={apiKey} label="Copy API key" what="the key" />
        </div>
      </AlertDescription>
    </Alert>
  );
}

function KeyCard({ state }: { state: ApiIntegrationState }) {
  const queryClient = useQueryClient();
  const [newKey, setNewKey] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const switchId = useId();

  const refreshState = () => queryClient.invalidateQueries({ queryKey: STATE_KEY });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => api(endpoints.toggle, { body: { enabled } }),
    onSuccess: async (res) => {
      if (res.apiKey) setNewKey(res.apiKey);
      toast({ title: res.enabled ? "API integration enabled" : "API integration disabled" });
      await refreshState();
    },
    onError: (err) => toastError(err, "Failed to update API integration"),
  });
  const refresh = useMutation({
    mutationFn: () => api(endpoints.refreshKey),
    onSuccess: async (res) => {
      setNewKey(res.apiKey);
      setConfirming(false);
      toast({ title: "API key refreshed", description: "The old key no longer works." });
      await refreshState();
    },
    onError: (err) => toastError(err, "Failed to refresh API key"),
  });

  return (
    <Card role="region" aria-labelledby="api-access-title">
      <CardHeader>
        <CardTitle id="api-access-title">API Access</CardTitle>
        <CardDescription>
          Use your API key as a bearer token to read your inventory and create orders from your own shop or
          bot.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {!state.allowed && (
          <Alert>
            <AlertDescription>
              <p>
                API integration needs an active Basic or Pro subscription.{" "}
                <Link href="/subscription" className={linkClass}>
                  Upgrade your plan
                </Link>
              </p>
            </AlertDescription>
          </Alert>
        )}
        <div className="flex items-center justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor={switchId}>Enable API Integration</Label>
            <p id={`${switchId}-hint`} className="text-xs text-muted-foreground">
              When off, every call with your key answers 403.
            </p>
          </div>
          <Switch
            id={switchId}
            checked={state.enabled}
            disabled={toggle.isPending || (!state.allowed && !state.enabled)}
            onCheckedChange={(enabled) => toggle.mutate(enabled)}
            aria-describedby={`${switchId}-hint`}
          />
        </div>
        {newKey && <NewKey apiKey={newKey} />}
        <div className="grid gap-2">
          <p className="text-sm font-medium">API key</p>
          <div className="flex flex-wrap items-center gap-3">
            <code className="rounded bg-muted px-2 py-1 font-mono text-sm" data-testid="api-key-prefix">
              {state.keyPrefix ? `${state.keyPrefix}…` : "No key yet: enable the integration to create one"}
            </code>
            {state.keyPrefix && (
              <Dialog open={confirming} onOpenChange={setConfirming}>
                <DialogTrigger asChild>
                  <Button variant="outline" size="sm" disabled={!state.allowed}>
                    <RefreshCwIcon aria-hidden="true" />
                    Refresh Key
                  </Button>
                </DialogTrigger>
                <DialogContent>
                  <DialogHeader>
                    <DialogTitle>Refresh API key?</DialogTitle>
                    <DialogDescription>
                      A new key replaces the current one, which stops working immediately. Update every
                      integration that uses it.
                    </DialogDescription>
                  </DialogHeader>
                  <DialogFooter>
                    <DialogClose asChild>
                      <Button variant="outline">Cancel</Button>
                    </DialogClose>
                    <Button onClick={() => refresh.mutate()} disabled={refresh.isPending}>
                      Refresh Key
                    </Button>
                  </DialogFooter>
                </DialogContent>
              </Dialog>
            )}
          </div>
        </div>
        <p className="text-sm">
          <Link href="/documentation" className={`inline-flex items-center gap-1 ${linkClass}`}>
            <BookOpenIcon aria-hidden="true" className="size-4" />
            Read the API documentation
          </Link>{" "}
          <span className="text-muted-foreground">(base URL {state.baseUrl})</span>
        </p>
      </CardContent>
    </Card>
  );
}

const STATUS_VARIANT: Record<WebhookDelivery["status"], "default" | "secondary" | "destructive"> = {
  delivered: "default",
  pending: "secondary",
  failed: "destructive",
};

function WebhookCard({ state }: { state: ApiIntegrationState }) {
  const queryClient = useQueryClient();
  const urlId = useId();
  const secretId = useId();
  const [url, setUrl] = useState(state.webhook?.url ?? "");
  // The server refuses saving and test events without the integration on a paid plan; say so before a click.
  const usable = state.enabled && state.allowed;
  const refreshState = () => queryClient.invalidateQueries({ queryKey: STATE_KEY });
  const save = useMutation({
    mutationFn: () => api(endpoints.saveWebhook, { body: { url: url.trim() } }),
    onSuccess: async () => {
      toast({ title: "Webhook saved", description: "A new signing secret was created." });
      await refreshState();
    },
    onError: (err) => toastError(err, "Failed to save webhook"),
  });
  const remove = useMutation({
    mutationFn: () => api(endpoints.deleteWebhook),
    onSuccess: async () => {
      setUrl("");
      await refreshState();
    },
    onError: (err) => toastError(err, "Failed to remove webhook"),
  });
  const test = useMutation({
    mutationFn: () => api(endpoints.testWebhook),
    onSuccess: async () => {
      toast({ title: "Test event queued", description: "It shows in the delivery log in a moment." });
      await refreshState();
    },
    onError: (err) => toastError(err, "Failed to send test event"),
  });

  return (
    <Card role="region" aria-labelledby="webhook-title">
      <CardHeader>
        <CardTitle id="webhook-title">Webhooks</CardTitle>
        <CardDescription>
          We POST order.created, order.claimed, order.completed and order.failed to your HTTPS endpoint,
          signed with HMAC-SHA256 (see the documentation for the check).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <form
          noValidate
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (url.trim()) save.mutate();
          }}
        >
          <Label htmlFor={urlId}>Endpoint URL</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={urlId}
              type="url"
              inputMode="url"
              placeholder="https://example.com/autodrop-webhook"
              autoComplete="off"
              spellCheck={false}
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              className="min-w-0 flex-1"
              aria-describedby={`${urlId}-hint`}
            />
            <Button type="submit" disabled={!usable || !url.trim() || save.isPending}>
              Save
            </Button>
          </div>
          <p id={`${urlId}-hint`} className="text-xs text-muted-foreground">
            {!usable && `${API_TEXTS.webhooksNeedApi}. `}
            Public HTTPS hosts only.
            {state.sandboxReceiverUrl && (
              <>
                {" "}
                Sandbox:{" "}
                <button
                  type="button"
                  className={linkClass}
                  onClick={() => setUrl(state.sandboxReceiverUrl ?? "")}
                >
                  use the sandbox receiver
                </button>{" "}
                and watch deliveries at{" "}
                <a className={linkClass} href="/__sandbox/webhooks" target="_blank" rel="noreferrer">
                  /__sandbox/webhooks
                </a>
                .
              </>
            )}
          </p>
        </form>
        {state.webhook && (
          <div className="grid gap-2">
            <Label htmlFor={secretId}>Signing secret</Label>
            <div className="flex gap-2">
              <Input id={secretId} readOnly value={state.webhook.secret} className="font-mono text-xs" />
              <CopyButton text={state.webhook.secret} label="Copy signing secret" what="the secret" />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => test.mutate()}
                disabled={!usable || test.isPending}
              >
                <SendIcon aria-hidden="true" />
                Send test event
              </Button>
              <Button variant="ghost" size="sm" onClick={() => remove.mutate()} disabled={remove.isPending}>
                Remove webhook
              </Button>
            </div>
          </div>
        )}
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">Recent deliveries</h3>
          {state.deliveries.length === 0 ? (
            <p className="text-sm text-muted-foreground">No deliveries yet.</p>
          ) : (
            <ScrollRegion label="Webhook deliveries">
              <table className="w-full text-sm">
                <thead className="text-left text-xs text-muted-foreground">
                  <tr>
                    <th className="py-2 pr-3 font-medium">Event</th>
                    <th className="py-2 pr-3 font-medium">Status</th>
                    <th className="py-2 pr-3 font-medium">Response</th>
                    <th className="py-2 pr-3 font-medium">Attempts</th>
                    <th className="py-2 font-medium">Created</th>
                  </tr>
                </thead>
                <tbody>
                  {state.deliveries.map((d) => (
                    <tr key={d.id} className="border-t">
                      <td className="py-2 pr-3 font-mono text-xs">{d.event}</td>
                      <td className="py-2 pr-3">
                        <Badge variant={STATUS_VARIANT[d.status]}>{d.status}</Badge>
                      </td>
                      <td className="py-2 pr-3">{d.lastStatusCode ?? d.lastError ?? "—"}</td>
                      <td className="py-2 pr-3">{d.attempts}</td>
                      <td className="py-2 whitespace-nowrap">{formatDateTime(d.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function OrdersCard({ orders }: { orders: ApiOrder[] }) {
  return (
    <Card role="region" aria-labelledby="api-orders-title">
      <CardHeader>
        <CardTitle id="api-orders-title">Recent API Orders</CardTitle>
        <CardDescription>
          Orders your integration created, with the claim link to send each buyer.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {orders.length === 0 ? (
          <p className="text-sm text-muted-foreground">No API orders yet.</p>
        ) : (
          <ul className="grid gap-3">
            {orders.map((o) => (
              <li
                key={o.id}
                className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_auto] sm:items-center"
              >
                <div className="grid gap-1 text-sm">
                  <p className="font-medium">
                    {o.items.map((i) => `${i.displayName} × ${i.quantity}`).join(", ")}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {formatDateTime(o.createdAt)} · <Badge variant="secondary">{o.status}</Badge>
                    {o.robloxUsername && ` · ${o.robloxUsername}`}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button asChild variant="outline" size="sm">
                    <a href={o.claimUrl} target="_blank" rel="noopener noreferrer">
                      <ExternalLinkIcon aria-hidden="true" />
                      View Claim URL
                    </a>
                  </Button>
                  <CopyButton text={o.claimUrl} label="Copy claim URL" what="the link" />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function ApiIntegrationPage() {
  const { data, error, isLoading, refetch, isFetching } = useApiIntegrationState();
  return (
    <div className="grid gap-6">
      <PageHeader
        title="API Integration"
        description="Create and manage orders programmatically with your API key."
      />
      {isLoading && <Skeleton className="h-48 w-full" />}
      {error && (
        <LoadError
          title="Failed to load API integration"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      )}
      {data && (
        <>
          <KeyCard state={data} />
          <WebhookCard key={data.webhook?.url ?? ""} state={data} />
          <OrdersCard orders={data.orders} />
        </>
      )}
    </div>
  );
}
