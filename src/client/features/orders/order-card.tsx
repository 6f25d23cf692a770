import { GAME_NAMES, type Game } from "@contract/games";
import { type SellerOrder, sellerMayCancel, sellerMayRetry } from "@contract/orders";
import { AlertTriangleIcon, ExternalLinkIcon } from "lucide-react";
import type { ReactNode } from "react";
import { OrderStatusBadge } from "@/components/order-status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTime } from "@/lib/format";
import { ClaimUrlDialog } from "./claim-url-dialog";
import { CancelOrderButton, RetryOrderButton } from "./order-actions";
import { claimLinkEmail, orderNotice, orderNumberLabel, parseOrderItems, shopifyOrderUrl } from "./orders";

const SOURCE_LABELS: Record<string, string> = { shopify: "Shopify", api: "API", withdrawal: "Withdrawal" };

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
  // A multi-game purchase is one card per game under the same number: the game tells them apart.
  const game = order.game ? (GAME_NAMES[order.game as Game] ?? order.game) : null;
  const title = game ? `Order ${number} · ${game}` : `Order ${number}`;
  const notice = orderNotice(order);
  return (
    <Card className="gap-4" data-testid="order-card" aria-label={title} role="article">
      <CardHeader className="flex flex-row flex-wrap items-center gap-2">
        <CardTitle className="text-base">{title}</CardTitle>
        <OrderStatusBadge status={order.status} />
        {order.refundedAfterDeliveryAt && <Badge variant="destructive">Refunded after delivery</Badge>}
        <Badge variant="outline">{SOURCE_LABELS[order.orderSource] ?? order.orderSource}</Badge>
        <time className="ml-auto text-sm text-muted-foreground" dateTime={order.createdAt}>
          {formatDateTime(order.createdAt)}
        </time>
      </CardHeader>
      <CardContent className="grid gap-3">
        {notice && (
          <p className="flex items-start gap-2 rounded-md bg-muted px-3 py-2 text-sm">
            <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {notice}
          </p>
        )}
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
      <CardFooter className="flex-wrap gap-2">
        {order.claimUrl && <ClaimUrlDialog claimUrl={order.claimUrl} email={claimLinkEmail(order)} />}
        {sellerMayRetry(order) && <RetryOrderButton order={order} />}
        {sellerMayCancel(order) && <CancelOrderButton order={order} label={title} />}
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
