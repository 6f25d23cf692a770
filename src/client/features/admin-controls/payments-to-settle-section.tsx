import { paymentsEndpoints } from "@contract/endpoints/payments";
import type { PaymentToSettle, SettlementKind } from "@contract/payments";
import { TIER_NAMES } from "@contract/subscriptions";
import { HandCoinsIcon } from "lucide-react";
import { useState } from "react";
import { LoadError } from "@/components/load-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { api } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { AdminTable } from "./admin-table";
import { useAdminMutation, usePaymentsToSettle } from "./api/admin";

/** What happened, as the admin reads it (the seller reads the same in Payment History, decision 040). */
const KIND_LABELS: Record<SettlementKind, string> = {
  plan_unchanged: "Paid for a plan the account could not take (lifetime held)",
  paid_after_expiry: "Paid after the invoice expired",
  underpaid_expired: "Paid in part, then the invoice expired",
  overpaid: "Paid more than the invoice amount (the surplus)",
};

function SettleRow({ payment }: { payment: PaymentToSettle }) {
  const [note, setNote] = useState("");
  const settle = useAdminMutation({
    request: (text: string) =>
      api(paymentsEndpoints.settlePayment, { params: { id: payment.id }, body: { note: text } }),
    success: (done) => `${done.amount} ${done.currency} of ${done.username} marked settled`,
    fallback: "Failed to mark the payment settled",
    refresh: [paymentsEndpoints.paymentsToSettle],
  });
  return (
    <tr>
      <td className="font-mono whitespace-nowrap">
        {payment.amount} {payment.currency}
      </td>
      <td>{payment.username}</td>
      <td className="whitespace-nowrap">
        {TIER_NAMES[payment.subscriptionTier]},{" "}
        {payment.subscriptionDuration === "lifetime" ? "lifetime" : `${payment.subscriptionDuration} days`}
      </td>
      <td>{KIND_LABELS[payment.kind]}</td>
      <td className="whitespace-nowrap">{formatDateTime(payment.createdAt)}</td>
      <td>
        {payment.settledAt ? (
          <span className="grid gap-1">
            <Badge variant="success">Settled {formatDateTime(payment.settledAt)}</Badge>
            <span className="text-muted-foreground">{payment.settledNote}</span>
          </span>
        ) : (
          <form
            className="flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              settle.mutate(note);
            }}
          >
            <Input
              value={note}
              onChange={(e) => setNote(e.target.value)}
              placeholder="Refund transaction or note"
              aria-label={`How ${payment.amount} ${payment.currency} of ${payment.username} was settled`}
              className="min-w-48"
            />
            <Button type="submit" size="sm" disabled={!note.trim() || settle.isPending}>
              Mark Settled
            </Button>
          </form>
        )}
      </td>
    </tr>
  );
}

/** Money that arrived but could not buy what it was for: refund it, then mark it settled (decision 040). */
export function PaymentsToSettleSection() {
  const payments = usePaymentsToSettle();
  return (
    <Card role="region" aria-labelledby="payments-to-settle-title">
      <CardHeader>
        <CardTitle id="payments-to-settle-title">Payments to Settle</CardTitle>
        <CardDescription>
          Crypto that arrived but bought nothing (or more than it). Refund it in the same coin, then mark it
          settled.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {payments.isError ? (
          <LoadError
            title="Could not load the payments to settle"
            error={payments.error}
            onRetry={() => payments.refetch()}
          />
        ) : !payments.data ? (
          <Skeleton className="h-24 w-full" />
        ) : payments.data.length === 0 ? (
          <EmptyState
            icon={<HandCoinsIcon />}
            title="Nothing to settle"
            description="Every payment bought what it was for."
          />
        ) : (
          <AdminTable
            label="Payments to settle"
            columns={["Received", "Seller", "For", "What happened", "Since", "Settled"]}
          >
            {payments.data.map((payment) => (
              <SettleRow key={payment.id} payment={payment} />
            ))}
          </AdminTable>
        )}
      </CardContent>
    </Card>
  );
}
