import type { CurrentUser } from "@contract/auth";
import type { InvoiceStatus, InvoiceView } from "@contract/payments";
import { LISTING_LIMITS, type PaidTier, PRICES, type Tier } from "@contract/plans";
import {
  DISPLAY_STATUS_LABELS,
  type DisplayStatus,
  daysLeft,
  displayStatus,
  PROGRESS_SCALE_DAYS,
  TIER_NAMES,
} from "@contract/subscriptions";
import { CheckIcon, ExternalLinkIcon, ReceiptIcon } from "lucide-react";
import { Fragment, useId, useState } from "react";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { ProductKeyInput } from "@/components/product-key-input";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuth } from "@/lib/auth";
import { formatDate } from "@/lib/format";
import { useActivateKey, useUserInvoices } from "./api/subscription";
import { CryptoPurchaseDialog } from "./crypto-purchase-dialog";
import { PLAN_FEATURES } from "./plans";
import { durationLabel, SettlementNotes } from "./purchase-steps";

const STATUS_BADGES: Record<DisplayStatus, "secondary" | "success" | "warning" | "destructive"> = {
  free: "secondary",
  active: "success",
  expiring: "warning",
  expired: "destructive",
};

const INVOICE_BADGES: Record<
  InvoiceStatus,
  { label: string; variant: "secondary" | "success" | "warning" | "destructive" }
> = {
  pending: { label: "Pending", variant: "secondary" },
  partial: { label: "Partially paid", variant: "warning" },
  completed: { label: "Completed", variant: "success" },
  mismatch: { label: "Overpaid", variant: "success" },
  expired: { label: "Expired", variant: "destructive" },
};

const HISTORY_COLUMNS = ["Date", "Plan", "Price", "Amount", "Status"] as const;

function CurrentPlan({ user, now }: { user: CurrentUser; now: number }) {
  const status = displayStatus(user, now);
  const tier = user.subscriptionTier;
  const left = daysLeft(user, now);
  const limit = LISTING_LIMITS[status === "expired" ? "free" : tier];
  const endedEarlier = tier === "free" && user.subscriptionExpiry !== null && left !== null && left <= 0;
  return (
    <Card aria-labelledby="current-plan-title" role="region">
      <CardHeader className="flex-row items-center justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle id="current-plan-title">Current Plan</CardTitle>
          <CardDescription>{TIER_NAMES[tier]} plan</CardDescription>
        </div>
        <Badge variant={STATUS_BADGES[status]} data-testid="plan-status">
          {DISPLAY_STATUS_LABELS[status]}
        </Badge>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-3 sm:grid-cols-3">
          <div>
            <dt className="text-sm text-muted-foreground">Listing limit</dt>
            <dd className="text-lg font-semibold">{limit === null ? "Unlimited" : limit}</dd>
          </div>
          {tier !== "free" && (
            <>
              <div>
                <dt className="text-sm text-muted-foreground">Days left</dt>
                <dd className="text-lg font-semibold" data-testid="days-left">
                  {left === null ? "Lifetime" : Math.max(0, left)}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">Expires</dt>
                <dd className="text-lg font-semibold" data-testid="plan-expiry">
                  {user.subscriptionExpiry ? formatDate(user.subscriptionExpiry) : "Never"}
                </dd>
              </div>
            </>
          )}
        </dl>
        {tier !== "free" && left !== null && (
          <Progress
            value={(Math.min(PROGRESS_SCALE_DAYS, Math.max(0, left)) / PROGRESS_SCALE_DAYS) * 100}
            aria-label={
              left > PROGRESS_SCALE_DAYS
                ? `${left} days left, more than ${PROGRESS_SCALE_DAYS}`
                : `${Math.max(0, left)} of ${PROGRESS_SCALE_DAYS} days left`
            }
          />
        )}
        {status === "expiring" && left !== null && (
          <Alert>
            <AlertDescription>
              Your {TIER_NAMES[tier]} plan expires in {left} {left === 1 ? "day" : "days"}. Add more time to
              keep it.
            </AlertDescription>
          </Alert>
        )}
        {(status === "expired" || endedEarlier) && user.subscriptionExpiry && (
          <Alert variant="destructive">
            <AlertDescription>
              Your subscription expired on {formatDate(user.subscriptionExpiry)}. You have been downgraded to
              the Free plan.
            </AlertDescription>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}

function KeyActivation() {
  const id = useId();
  const [key, setKey] = useState("");
  const activate = useActivateKey(() => setKey(""));
  const send = () => activate.mutate(key.trim());
  return (
    <Card aria-labelledby={`${id}-title`} role="region">
      <CardHeader>
        <CardTitle id={`${id}-title`}>Activate a Product Key</CardTitle>
        <CardDescription>A key adds 30 days of its plan.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <ProductKeyInput
            id={`${id}-key`}
            value={key}
            onChange={setKey}
            readOnly={activate.isPending}
            onSubmit={send}
          />
        </div>
        <Button onClick={send} disabled={!key.trim() || activate.isPending}>
          {activate.isPending ? "Activating..." : "Activate Key"}
        </Button>
      </CardContent>
    </Card>
  );
}

function PlanCard({
  tier,
  current,
  lifetime,
  onBuy,
}: {
  tier: Tier;
  current: Tier;
  lifetime: boolean;
  onBuy: (tier: PaidTier) => void;
}) {
  const held = tier === current;
  return (
    <Card
      aria-labelledby={`plan-${tier}-title`}
      role="region"
      className={held ? "border-primary" : undefined}
    >
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle id={`plan-${tier}-title`} as="h3">
            {TIER_NAMES[tier]}
          </CardTitle>
          {held && <Badge variant="outline">Current Plan</Badge>}
        </div>
        <CardDescription>
          {tier === "free" ? (
            <span className="text-2xl font-bold text-foreground">$0</span>
          ) : (
            <>
              Starting at <span className="text-2xl font-bold text-foreground">${PRICES[tier]["30"]}</span>
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="grid gap-1 text-sm">
          {PLAN_FEATURES[tier].map((feature) => (
            <li key={feature} className="flex gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
      </CardContent>
      {tier !== "free" && (
        <CardFooter>
          <Button className="w-full" onClick={() => onBuy(tier)} disabled={held && lifetime}>
            {held && lifetime ? "Lifetime Plan" : held ? "Add More Time" : "Upgrade with Crypto"}
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}

function PaymentHistory() {
  const invoices = useUserInvoices();
  if (invoices.isLoading) return <Skeleton className="h-32" />;
  if (invoices.error)
    return (
      <LoadError
        title="Payment history could not be loaded"
        error={invoices.error}
        onRetry={() => void invoices.refetch()}
      />
    );
  const rows = invoices.data ?? [];
  if (rows.length === 0)
    return (
      <EmptyState
        icon={<ReceiptIcon />}
        title="No payments yet"
        description="Your crypto invoices appear here."
      />
    );
  // A table from 640 px up; below, each invoice is a stacked card (every cell on its own line with its label), so
  // on a phone nothing hides in a sideways scroll.
  const cell = "flex justify-between gap-4 py-1 sm:table-cell sm:px-4 sm:py-2 sm:whitespace-nowrap";
  const label = (column: (typeof HISTORY_COLUMNS)[number]) => (
    <span className="text-muted-foreground sm:hidden">{column}</span>
  );
  return (
    <section className="rounded-xl border" aria-label="Payment history">
      <table className="block w-full text-sm sm:table">
        <thead className="hidden bg-muted/50 text-left text-muted-foreground sm:table-header-group">
          <tr>
            {HISTORY_COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-4 py-2 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block sm:table-row-group">
          {rows.map((invoice: InvoiceView) => (
            <Fragment key={invoice.txnId}>
              <tr className="block border-t px-4 py-2 first:border-t-0 sm:table-row sm:p-0 sm:first:border-t">
                <td className={cell}>
                  {label("Date")}
                  {formatDate(invoice.createdAt)}
                </td>
                <td className={cell}>
                  {label("Plan")}
                  <span>
                    {TIER_NAMES[invoice.subscriptionTier]},{" "}
                    {durationLabel(invoice.subscriptionDuration).toLowerCase()}
                  </span>
                </td>
                <td className={cell}>
                  {label("Price")}
                  <span>
                    ${invoice.sourceAmount}
                    {invoice.discountCode && (
                      <span className="ml-1 text-muted-foreground">({invoice.discountCode})</span>
                    )}
                  </span>
                </td>
                <td className={`${cell} font-mono`}>
                  {label("Amount")}
                  <span className="break-all">
                    {invoice.amount} {invoice.currency}
                  </span>
                </td>
                <td className={cell}>
                  {label("Status")}
                  <span className="flex items-center gap-2">
                    <Badge variant={INVOICE_BADGES[invoice.status].variant}>
                      {INVOICE_BADGES[invoice.status].label}
                    </Badge>
                    {(invoice.status === "pending" || invoice.status === "partial") && invoice.invoiceUrl && (
                      <a
                        href={invoice.invoiceUrl}
                        target="_blank"
                        rel="noreferrer"
                        className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
                      >
                        Pay <ExternalLinkIcon className="size-3" aria-hidden="true" />
                      </a>
                    )}
                  </span>
                </td>
              </tr>
              {invoice.toSettle.length > 0 && (
                <tr className="block px-4 pb-2 sm:table-row sm:p-0">
                  <td colSpan={HISTORY_COLUMNS.length} className="block sm:table-cell sm:px-4 sm:pb-2">
                    <SettlementNotes invoice={invoice} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** /subscription (spec 001 §2): the plan, its status and days left, keys, plan cards and the payment history. */
export function SubscriptionPage({ clock = Date.now }: { clock?: () => number }) {
  const { user } = useAuth();
  const [buying, setBuying] = useState<PaidTier | null>(null);
  if (!user) return null;
  const now = clock();
  const status = displayStatus(user, now);
  const current: Tier = status === "expired" ? "free" : user.subscriptionTier;
  const lifetime = current !== "free" && user.subscriptionExpiry === null;
  return (
    <>
      <PageHeader title="My Subscription" description="Your plan, its limits and payments." />
      <div className="grid gap-6">
        <div className="grid gap-6 lg:grid-cols-2">
          <CurrentPlan user={user} now={now} />
          <KeyActivation />
        </div>
        <section aria-labelledby="plans-title" className="grid gap-3">
          <h2 id="plans-title" className="text-xl font-semibold">
            Plans
          </h2>
          <div className="grid gap-4 md:grid-cols-3">
            {(["free", "basic", "pro"] as const).map((tier) => (
              <PlanCard key={tier} tier={tier} current={current} lifetime={lifetime} onBuy={setBuying} />
            ))}
          </div>
        </section>
        <section aria-labelledby="history-title" className="grid gap-3">
          <h2 id="history-title" className="text-xl font-semibold">
            Payment History
          </h2>
          <PaymentHistory />
        </section>
      </div>
      <CryptoPurchaseDialog
        open={buying !== null}
        onOpenChange={(open) => !open && setBuying(null)}
        initialTier={buying}
        clock={clock}
      />
    </>
  );
}
