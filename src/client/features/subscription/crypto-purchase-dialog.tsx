import { paymentsEndpoints } from "@contract/endpoints/payments";
import { PAYMENT_TEXTS } from "@contract/payments";
import type { PaidTier } from "@contract/plans";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowLeftIcon, RotateCcwIcon } from "lucide-react";
import { type ReactNode, useEffect, useReducer, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { ApiError, api } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { toastError } from "@/lib/error-toast";
import { toast } from "@/lib/toast";
import { USER_INVOICES_KEY, useActivateKey, useInvoicePolling } from "./api/subscription";
import { canContinue, initialPurchaseState, type PurchaseStep, purchaseReducer } from "./purchase-machine";
import {
  CurrencyChoice,
  DurationChoice,
  InvoiceExpired,
  PartialPayment,
  PaymentDetails,
  PaymentSuccessful,
  PlanChoice,
  WaitingForConfirmations,
} from "./purchase-steps";

const TITLES: Record<PurchaseStep, string> = {
  1: "Choose Your Plan",
  2: "Select Duration",
  3: "Payment Method",
  4: "Payment Details",
  5: "Waiting for Confirmations",
  6: "Invoice Expired",
  7: "Partial Payment Received",
  8: "Payment Successful",
};

const DESCRIPTIONS: Record<PurchaseStep, string> = {
  1: "Pick the plan you want to pay for with crypto.",
  2: "Choose how long, and apply a discount code if you have one.",
  3: "Choose the cryptocurrency you pay with.",
  4: "Send the exact amount to this address before the time runs out.",
  5: "Your payment has arrived and is being confirmed.",
  6: "The time to pay this invoice has run out.",
  7: "Part of the amount has arrived: send the rest to complete the payment.",
  8: "Thank you! Your plan is active.",
};

export interface CryptoPurchaseProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The plan to start with (the plan card or setup plan the seller clicked). */
  initialTier?: PaidTier | null;
  /** Called once the invoice is paid (after the current user is refreshed) or a key is activated. */
  onSuccess?: () => void;
  /** The time the countdowns run against (component tests fix it). */
  clock?: () => number;
}

/** The time, re-read every second while `running` (the payment details' countdown, spec 001 §4). */
function useNow(clock: () => number, running: boolean): number {
  const [now, setNow] = useState(clock);
  useEffect(() => {
    if (!running) return;
    setNow(clock());
    const timer = setInterval(() => setNow(clock()), 1000);
    return () => clearInterval(timer);
  }, [clock, running]);
  return now;
}

/**
 * The eight-step crypto purchase wizard (spec 001 §2, §4, §8). Closing it resets everything; the invoice it opened
 * stays payable from the Payment History.
 */
export function CryptoPurchaseDialog(props: CryptoPurchaseProps) {
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      {/* Unmounted when closed, so every piece of wizard state starts afresh on the next opening. */}
      {props.open && <PurchaseWizard {...props} />}
    </Dialog>
  );
}

function PurchaseWizard({
  onOpenChange,
  initialTier = null,
  onSuccess,
  clock = Date.now,
}: CryptoPurchaseProps) {
  const [state, dispatch] = useReducer(purchaseReducer, initialTier, initialPurchaseState);
  const { refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const polled = useInvoicePolling(state.invoice?.txnId ?? null, state.step);
  const now = useNow(clock, state.step === 4 || state.step === 7);

  useEffect(() => {
    if (polled.data) dispatch({ type: "invoiceUpdated", invoice: polled.data });
  }, [polled.data]);

  // The Payment History behind the dialog follows the invoice's status (expired, part paid, money to settle).
  const invoiceStatus = state.invoice?.status;
  useEffect(() => {
    if (invoiceStatus) void queryClient.invalidateQueries({ queryKey: USER_INVOICES_KEY });
  }, [invoiceStatus, queryClient]);

  // Spec 001 §4: reaching step 8 refreshes the current user and calls the success callback, once.
  const paidNotified = useRef(false);
  useEffect(() => {
    if (state.step !== 8 || paidNotified.current) return;
    paidNotified.current = true;
    void (async () => {
      await Promise.all([refreshUser(), queryClient.invalidateQueries({ queryKey: USER_INVOICES_KEY })]);
      onSuccess?.();
    })();
  }, [state.step, refreshUser, queryClient, onSuccess]);

  const activateKey = useActivateKey(() => {
    onSuccess?.();
    onOpenChange(false);
  });

  const validateCode = useMutation({
    mutationFn: ({ code, plan }: { code: string; plan: PaidTier }) =>
      api(paymentsEndpoints.validateDiscount, { query: { code, plan } }),
    onSuccess: (discount) => {
      dispatch({ type: "applyDiscount", discount });
      toast({
        title: PAYMENT_TEXTS.discountAppliedTitle,
        description: `${discount.discountPercentage}% off`,
      });
    },
    onError: (err) => {
      const description =
        err instanceof ApiError
          ? err.detail || PAYMENT_TEXTS.discountWrongPlan
          : PAYMENT_TEXTS.discountNetwork;
      toast({
        title: err instanceof ApiError ? PAYMENT_TEXTS.discountInvalidTitle : "Error",
        description,
        variant: "destructive",
      });
    },
  });

  const createInvoice = useMutation({
    mutationFn: () =>
      api(paymentsEndpoints.createInvoice, {
        body: {
          subscriptionTier: state.tier,
          subscriptionDuration: state.duration,
          currency: state.currency,
          discountCode: state.discount?.code ?? null,
        },
      }),
    onSuccess: async (invoice) => {
      dispatch({ type: "invoiceCreated", invoice });
      await queryClient.invalidateQueries({ queryKey: USER_INVOICES_KEY });
    },
    onError: (err) => toastError(err, PAYMENT_TEXTS.createFailed),
  });

  const back = (
    <Button variant="outline" onClick={() => dispatch({ type: "back" })} disabled={createInvoice.isPending}>
      <ArrowLeftIcon aria-hidden="true" />
      Back
    </Button>
  );
  const restart = (
    <Button onClick={() => dispatch({ type: "restart" })}>
      <RotateCcwIcon aria-hidden="true" />
      Start Over
    </Button>
  );
  const next = (label: string) => (
    <Button onClick={() => dispatch({ type: "continue" })} disabled={!canContinue(state)}>
      {label}
    </Button>
  );

  let body: ReactNode = null;
  let footer: ReactNode = null;
  const invoice = state.invoice;
  switch (state.step) {
    case 1:
      body = (
        <PlanChoice
          tier={state.tier}
          onChoose={(tier) => dispatch({ type: "choosePlan", tier })}
          keyBox={{ onActivate: (key) => activateKey.mutate(key), pending: activateKey.isPending }}
        />
      );
      footer = next("Continue");
      break;
    case 2:
      body = state.tier && (
        <DurationChoice
          tier={state.tier}
          duration={state.duration}
          discount={state.discount}
          onChoose={(duration) => dispatch({ type: "chooseDuration", duration })}
          onApplyCode={(code) => state.tier && validateCode.mutate({ code, plan: state.tier })}
          validating={validateCode.isPending}
        />
      );
      footer = (
        <>
          {back}
          {next("Continue")}
        </>
      );
      break;
    case 3:
      body = (
        <CurrencyChoice
          currency={state.currency}
          onChoose={(currency) => dispatch({ type: "chooseCurrency", currency })}
        />
      );
      footer = (
        <>
          {back}
          <Button
            onClick={() => createInvoice.mutate()}
            disabled={!canContinue(state) || createInvoice.isPending}
          >
            {createInvoice.isPending ? "Creating Invoice..." : "Continue to Payment"}
          </Button>
        </>
      );
      break;
    case 4:
      body = invoice && <PaymentDetails invoice={invoice} now={now} />;
      footer = back;
      break;
    case 5:
      body = invoice && <WaitingForConfirmations invoice={invoice} />;
      break;
    case 6:
      body = invoice && <InvoiceExpired invoice={invoice} />;
      footer = restart;
      break;
    case 7:
      body = invoice && <PartialPayment invoice={invoice} now={now} />;
      footer = restart;
      break;
    case 8:
      body = invoice && <PaymentSuccessful invoice={invoice} />;
      footer = <Button onClick={() => onOpenChange(false)}>Done</Button>;
      break;
  }

  return (
    <DialogContent className="sm:max-w-2xl">
      <DialogHeader>
        <DialogTitle>{TITLES[state.step]}</DialogTitle>
        <DialogDescription>{DESCRIPTIONS[state.step]}</DialogDescription>
      </DialogHeader>
      {body}
      {footer && <DialogFooter className="gap-2 sm:justify-between">{footer}</DialogFooter>}
    </DialogContent>
  );
}
