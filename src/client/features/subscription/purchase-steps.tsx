import { CRYPTO_DECIMALS, compareDecimal, formatDecimal, percentOf } from "@contract/money";
import {
  CRYPTO_CURRENCIES,
  CRYPTO_NAMES,
  type CryptoCurrency,
  type InvoiceView,
  PAYMENT_TEXTS,
  paymentUri,
  SETTLEMENT_TEXTS,
} from "@contract/payments";
import { DURATIONS, type Duration, type PaidTier, PRICES } from "@contract/plans";
import { TIER_NAMES } from "@contract/subscriptions";
import { CheckCircle2Icon, ClockIcon, ExternalLinkIcon, HourglassIcon, XCircleIcon } from "lucide-react";
import { type ReactNode, useId, useMemo, useState } from "react";
import { renderSVG } from "uqr";
import { CopyButton } from "@/components/copy-button";
import { ProductKeyInput } from "@/components/product-key-input";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { RadioCard, RadioGroup } from "@/components/ui/radio-group";
import { formatDate } from "@/lib/format";
import { PLAN_FEATURES } from "./plans";
import { type AppliedDiscount, formatCountdown, formatHoursLeft, priceOf } from "./purchase-machine";

const DURATION_LABELS: Record<Duration, string> = { "30": "30 days", "90": "90 days", lifetime: "Lifetime" };
const DURATION_BADGES: Partial<Record<Duration, string>> = { "90": "Save 17%", lifetime: "Best Value" };
/** Spec 001 §9: the partial payment bar is scaled against 24 hours. */
const PARTIAL_WINDOW_MS = 24 * 3_600_000;

export const durationLabel = (duration: Duration) => DURATION_LABELS[duration];

export function PlanChoice({
  tier,
  onChoose,
  keyBox,
}: {
  tier: PaidTier | null;
  onChoose: (tier: PaidTier) => void;
  keyBox: { onActivate: (key: string) => void; pending: boolean };
}) {
  const id = useId();
  const [key, setKey] = useState("");
  return (
    <div className="grid gap-5">
      <RadioGroup
        aria-label="Plan"
        value={tier ?? ""}
        onValueChange={(value) => onChoose(value as PaidTier)}
        className="sm:grid-cols-2"
      >
        {(["basic", "pro"] as const).map((plan) => (
          <RadioCard
            key={plan}
            id={`${id}-${plan}`}
            value={plan}
            title={TIER_NAMES[plan]}
            description={`Starting at $${PRICES[plan]["30"]} for 30 days`}
          >
            <ul className="mt-1 list-disc pl-4 text-sm text-muted-foreground">
              {PLAN_FEATURES[plan].slice(0, 3).map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          </RadioCard>
        ))}
      </RadioGroup>
      <div className="grid gap-2 rounded-lg border border-dashed p-4">
        <p className="text-sm font-medium">Have a promotional key?</p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <ProductKeyInput
              id={`${id}-key`}
              value={key}
              onChange={setKey}
              readOnly={keyBox.pending}
              onSubmit={() => keyBox.onActivate(key.trim())}
            />
          </div>
          <Button
            variant="outline"
            disabled={!key.trim() || keyBox.pending}
            onClick={() => keyBox.onActivate(key.trim())}
          >
            {keyBox.pending ? "Activating..." : "Activate Key"}
          </Button>
        </div>
      </div>
    </div>
  );
}

export function DurationChoice({
  tier,
  duration,
  discount,
  onChoose,
  onApplyCode,
  validating,
}: {
  tier: PaidTier;
  duration: Duration | null;
  discount: AppliedDiscount | null;
  onChoose: (duration: Duration) => void;
  onApplyCode: (code: string) => void;
  validating: boolean;
}) {
  const id = useId();
  const [code, setCode] = useState(discount?.code ?? "");
  return (
    <div className="grid gap-5">
      <RadioGroup
        aria-label="Duration"
        value={duration ?? ""}
        onValueChange={(value) => onChoose(value as Duration)}
        className="sm:grid-cols-3"
      >
        {DURATIONS.map((d) => {
          const full = PRICES[tier][d];
          const price = priceOf(tier, d, discount);
          return (
            <RadioCard
              key={d}
              id={`${id}-${d}`}
              value={d}
              title={
                <span className="flex flex-wrap items-center gap-2">
                  {DURATION_LABELS[d]}
                  {DURATION_BADGES[d] && <Badge variant="secondary">{DURATION_BADGES[d]}</Badge>}
                </span>
              }
              description={
                <>
                  <span className="text-lg font-semibold text-foreground">${price}</span>
                  {price !== full && <span className="ml-2 line-through">${full}</span>}
                </>
              }
            />
          );
        })}
      </RadioGroup>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-code`}>Discount Code</Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-code`}
            value={code}
            onChange={(event) => setCode(event.target.value.toUpperCase())}
            placeholder="Enter a discount code"
            autoComplete="off"
            spellCheck={false}
            className="font-mono uppercase"
          />
          <Button
            variant="outline"
            disabled={!code.trim() || validating}
            onClick={() => onApplyCode(code.trim())}
          >
            {validating ? "Applying..." : "Apply"}
          </Button>
        </div>
        {discount && (
          <p className="text-sm text-success" role="status">
            {discount.code}: {discount.discountPercentage}% off
          </p>
        )}
      </div>
    </div>
  );
}

export function CurrencyChoice({
  currency,
  onChoose,
}: {
  currency: CryptoCurrency | null;
  onChoose: (currency: CryptoCurrency) => void;
}) {
  const id = useId();
  return (
    <RadioGroup
      aria-label="Payment Method"
      value={currency ?? ""}
      onValueChange={(value) => onChoose(value as CryptoCurrency)}
      className="sm:grid-cols-3"
    >
      {CRYPTO_CURRENCIES.map((c) => (
        <RadioCard key={c} id={`${id}-${c}`} value={c} title={CRYPTO_NAMES[c]} description={c} />
      ))}
    </RadioGroup>
  );
}

const crypto = (value: string) => formatDecimal(value, CRYPTO_DECIMALS);

function AddressRow({ invoice }: { invoice: InvoiceView }) {
  return (
    <div className="grid gap-1">
      <span className="text-sm text-muted-foreground">Wallet address</span>
      <div className="flex items-center gap-2">
        <code
          className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 text-sm"
          data-testid="wallet-address"
        >
          {invoice.walletHash}
        </code>
        <CopyButton text={invoice.walletHash} label="Copy wallet address" what="the address" />
      </div>
    </div>
  );
}

function AmountRow({ label, amount, currency }: { label: string; amount: string; currency: string }) {
  return (
    <div className="grid gap-1">
      <span className="text-sm text-muted-foreground">{label}</span>
      <div className="flex items-center gap-2">
        <span className="font-mono text-lg font-semibold" data-testid="payment-amount">
          {crypto(amount)} {currency}
        </span>
        <CopyButton text={crypto(amount)} label={`Copy ${label.toLowerCase()}`} what="the amount" />
      </div>
    </div>
  );
}

function InvoicePageLink({ invoice }: { invoice: InvoiceView }) {
  if (!invoice.invoiceUrl) return null;
  return (
    <Button asChild variant="link" className="h-auto justify-start p-0">
      <a href={invoice.invoiceUrl} target="_blank" rel="noreferrer">
        Open the invoice page <ExternalLinkIcon aria-hidden="true" />
      </a>
    </Button>
  );
}

export function PaymentDetails({ invoice, now }: { invoice: InvoiceView; now: number }) {
  const qr = useMemo(
    () =>
      `data:image/svg+xml;base64,${btoa(renderSVG(paymentUri(invoice.currency, invoice.walletHash, crypto(invoice.pendingAmount))))}`,
    [invoice.currency, invoice.walletHash, invoice.pendingAmount],
  );
  const left = invoice.expiresAt ? new Date(invoice.expiresAt).getTime() - now : null;
  return (
    <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
      <img
        src={qr}
        alt={`QR code for paying ${crypto(invoice.pendingAmount)} ${invoice.currency}`}
        className="mx-auto size-40 rounded bg-white p-1 sm:mx-0"
      />
      <div className="grid min-w-0 gap-3">
        <AmountRow label="Amount" amount={invoice.pendingAmount} currency={invoice.currency} />
        <AddressRow invoice={invoice} />
        {left !== null && (
          <p className="flex items-center gap-2 text-sm">
            <ClockIcon className="size-4" aria-hidden="true" />
            Time left:{" "}
            <span className="font-mono font-semibold" data-testid="countdown" aria-live="off">
              {formatCountdown(left)}
            </span>
          </p>
        )}
        <p className="text-sm text-muted-foreground">{PAYMENT_TEXTS.confirmations}</p>
        <InvoicePageLink invoice={invoice} />
      </div>
    </div>
  );
}

/** A step that tells where the payment stands: an icon and a few lines, centred. */
function Outcome({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="grid justify-items-center gap-3 py-4 text-center [&>svg]:size-10">
      {icon}
      {children}
    </div>
  );
}

export function WaitingForConfirmations({ invoice }: { invoice: InvoiceView }) {
  return (
    <Outcome icon={<HourglassIcon className="animate-pulse text-primary" aria-hidden="true" />}>
      <p>
        We have seen your payment. Your plan is activated as soon as the full amount of{" "}
        {crypto(invoice.amount)} {invoice.currency} has its confirmation.
      </p>
      <p className="text-sm text-muted-foreground">{PAYMENT_TEXTS.confirmations}</p>
      <InvoicePageLink invoice={invoice} />
    </Outcome>
  );
}

export function InvoiceExpired({ invoice }: { invoice: InvoiceView }) {
  const received = compareDecimal(invoice.receivedAmount, "0") > 0;
  return (
    <Outcome icon={<XCircleIcon className="text-destructive" aria-hidden="true" />}>
      <p>{PAYMENT_TEXTS.invoiceExpired}</p>
      {received && (
        <p data-testid="expired-received">
          {SETTLEMENT_TEXTS.expiredReceived(`${crypto(invoice.receivedAmount)} ${invoice.currency}`)}
        </p>
      )}
    </Outcome>
  );
}

export function PartialPayment({ invoice, now }: { invoice: InvoiceView; now: number }) {
  const received = invoice.receivedAmount;
  const left = invoice.expiresAt ? Math.max(0, new Date(invoice.expiresAt).getTime() - now) : 0;
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Received</dt>
        <dd className="font-mono" data-testid="received-amount">
          {crypto(received)} {invoice.currency}
        </dd>
        <dt className="text-muted-foreground">Total</dt>
        <dd className="font-mono">
          {crypto(invoice.amount)} {invoice.currency}
        </dd>
        <dt className="text-muted-foreground">Still to pay</dt>
        <dd className="font-mono font-semibold" data-testid="remaining-amount">
          {crypto(invoice.pendingAmount)} {invoice.currency}
        </dd>
      </dl>
      <Progress value={percentOf(received, invoice.amount)} aria-label="Paid so far" />
      <div className="grid gap-1">
        <span className="text-sm text-muted-foreground">
          Time left to pay the rest: <span className="font-mono">{formatHoursLeft(left)}</span>
        </span>
        <Progress value={(left / PARTIAL_WINDOW_MS) * 100} aria-label="Time left to pay the rest" />
      </div>
      <AmountRow label="Amount to send" amount={invoice.pendingAmount} currency={invoice.currency} />
      <AddressRow invoice={invoice} />
      <InvoicePageLink invoice={invoice} />
    </div>
  );
}

/** Money on an invoice that bought nothing (or more than it), in plain words with what happens next (decision 040). */
export function SettlementNotes({ invoice }: { invoice: InvoiceView }) {
  if (invoice.toSettle.length === 0) return null;
  return (
    <div className="grid gap-1 text-sm" data-testid="settlement-notes">
      {invoice.toSettle.map((entry) => (
        <p key={entry.kind}>
          {SETTLEMENT_TEXTS.what[entry.kind](`${crypto(entry.amount)} ${invoice.currency}`)}{" "}
          {entry.settledAt ? SETTLEMENT_TEXTS.settled(formatDate(entry.settledAt)) : SETTLEMENT_TEXTS.next}
        </p>
      ))}
    </div>
  );
}

export function PaymentSuccessful({ invoice }: { invoice: InvoiceView }) {
  const planUnchanged = invoice.toSettle.some((entry) => entry.kind === "plan_unchanged");
  return (
    <Outcome icon={<CheckCircle2Icon className="text-success" aria-hidden="true" />}>
      {!planUnchanged && (
        <p>
          Your {TIER_NAMES[invoice.subscriptionTier]} plan (
          {DURATION_LABELS[invoice.subscriptionDuration].toLowerCase()}) is active.
        </p>
      )}
      <SettlementNotes invoice={invoice} />
    </Outcome>
  );
}
