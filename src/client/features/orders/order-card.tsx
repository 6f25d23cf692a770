import type { SellerOrder } from "@contract/orders";
import { ExternalLinkIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { ClaimUrlDialog } from "./claim-url-dialog";
import {
  orderNumberLabel,
  parseOrderItems,
  STATUS_LABELS,
  type StatusDisplay,
  shopifyOrderUrl,
  statusDisplay,
} from "./orders";

const STATUS_VARIANTS = {
  unclaimed: "warning",
  pending: "default",
  completed: "success",
  failed: "destructive",
} as const satisfies Record<StatusDisplay, string>;

const SOURCE_LABELS: Record<string, string> = { shopify: "Shopify", api: "API", withdrawal: "Withdrawal" };

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function StatusBadge({ status }: { status: string }) {
  const shown = statusDisplay(status);
  return <Badge variant={STATUS_VARIANTS[shown]}>{STATUS_LABELS[shown]}</Badge>;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm break-all">{children}</dd>
    </div>
  );
}

export function OrderCard({ order, shopifyStore }: { order: SellerOrder; shopifyStore: string | null }) {
  const items = parseOrderItems(order.items);
  const isApi = order.orderSource === "api";
  const adminUrl = isApi ? null : shopifyOrderUrl(order, shopifyStore);
  const number = orderNumberLabel(order);
  return (
    <Card className="gap-4" data-testid="order-card" aria-label={`Order ${number}`} role="article">
      <CardHeader className="flex flex-row flex-wrap items-center gap-2">
        <CardTitle className="text-base">Order {number}</CardTitle>
        <StatusBadge status={order.status} />
        <Badge variant="outline">{SOURCE_LABELS[order.orderSource] ?? order.orderSource}</Badge>
        <time className="ml-auto text-sm text-muted-foreground" dateTime={order.createdAt}>
          {dateFormat.format(new Date(order.createdAt))}
        </time>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Field label="ROBLOX Username">
            {order.robloxUsername ?? <span className="text-muted-foreground">Not claimed yet</span>}
          </Field>
          <Field label="Items">
            {items.length === 0 ? (
              <span className="text-muted-foreground">No items</span>
            ) : (
              <ul className="grid gap-0.5">
                {items.map((item, i) => (
                  <li key={i}>
                    <span className="font-mono">{item.codeName}</span>{" "}
                    <span className="text-muted-foreground">x{item.quantity}</span>
                  </li>
                ))}
              </ul>
            )}
          </Field>
          <Field label={isApi ? "Order ID" : "Shopify Order ID"}>
            <span className="font-mono">{isApi ? order.id : (order.shopifyOrderId ?? order.id)}</span>
          </Field>
        </dl>
      </CardContent>
      <CardFooter className="gap-2">
        {isApi && order.claimUrl && <ClaimUrlDialog claimUrl={order.claimUrl} />}
        {adminUrl && (
          <Button asChild variant="outline" size="sm">
            <a href={adminUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLinkIcon aria-hidden="true" />
              View in Shopify
            </a>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}
