import type { CurrentUser } from "@contract/auth";
import { setupEndpoints } from "@contract/endpoints/setup";
import { subscriptionsEndpoints } from "@contract/endpoints/subscriptions";
import type { PaidTier, Tier } from "@contract/plans";
import { landingErrorText } from "@contract/texts";
import { useMutation } from "@tanstack/react-query";
import { ArrowLeftIcon, CheckIcon, CodeIcon, ShoppingBagIcon } from "lucide-react";
import { type ComponentType, useEffect, useId, useReducer, useState } from "react";
import { PRODUCT_NAME } from "@/components/brand";
import { ProductKeyInput } from "@/components/product-key-input";
import { StoreConnectForm } from "@/components/store-connect-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { RadioCard, RadioGroup } from "@/components/ui/radio-group";
import { dropSearchParam } from "@/lib/address";
import { api } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { toastError } from "@/lib/error-toast";
import { toast } from "@/lib/toast";
import {
  canContinue,
  type Integration,
  initialWizardState,
  keyActivatedText,
  type PaymentMethod,
  planAction,
  planOptions,
  returnedFromStore,
  SETUP_PARAM,
  SETUP_PARAM_REMOVAL_MS,
  stepPosition,
  storeStepState,
  type WizardAction,
  type WizardState,
  wizardReducer,
} from "./wizard-machine";

const TEXTS = {
  completeFailed: "Failed to complete setup. Please try again.",
  keyFailed: "Failed to use subscription key",
  setupNotSaved: "Subscription activated but failed to save setup status",
  activated: "Your subscription has been activated!",
} as const;

/** The Subscription feature's crypto purchase wizard, handed in by the app layer (features do not import each other). */
export interface CryptoPurchaseSlotProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialTier?: PaidTier | null;
  onSuccess?: () => void;
}

/** A failed store connection comes back as /?error=<code> (the router keeps it on the way to /dashboard). */
function connectErrorFromAddress(): string | null {
  return landingErrorText(new URLSearchParams(window.location.search).get("error"));
}

function IntegrationStep({ state, dispatch }: { state: WizardState; dispatch: (a: WizardAction) => void }) {
  const id = useId();
  return (
    <>
      <RadioGroup
        aria-label="Integration"
        value={state.integration ?? ""}
        onValueChange={(value) => dispatch({ type: "chooseIntegration", integration: value as Integration })}
        className="sm:grid-cols-2"
      >
        <RadioCard
          id={`${id}-shopify`}
          value="shopify"
          title={
            <span className="flex items-center gap-2">
              <ShoppingBagIcon className="size-4 text-primary" aria-hidden="true" />
              Shopify Integration
            </span>
          }
          description="Connect your Shopify store and deliver every store order automatically."
        />
        <RadioCard
          id={`${id}-api`}
          value="api"
          title={
            <span className="flex items-center gap-2">
              <CodeIcon className="size-4 text-primary" aria-hidden="true" />
              Custom API Integration
            </span>
          }
          description="Create orders from your own systems through the Autodrop API."
        />
      </RadioGroup>
      <DialogFooter>
        <Button onClick={() => dispatch({ type: "continue" })} disabled={!canContinue(state)}>
          Continue
        </Button>
      </DialogFooter>
    </>
  );
}

function StoreStep({
  dispatch,
  connectError,
}: {
  dispatch: (a: WizardAction) => void;
  connectError: string | null;
}) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h3 className="font-medium">Connect your Shopify store</h3>
        <p className="text-sm text-muted-foreground">
          You will approve Autodrop in your Shopify admin and come straight back here to choose a plan.
        </p>
      </div>
      {connectError && (
        <Alert variant="destructive">
          <AlertDescription>{connectError}</AlertDescription>
        </Alert>
      )}
      <StoreConnectForm
        purpose="setup"
        actions={
          <>
            <Button variant="ghost" className="sm:mr-auto" onClick={() => dispatch({ type: "back" })}>
              <ArrowLeftIcon aria-hidden="true" />
              Back
            </Button>
            <Button variant="outline" onClick={() => dispatch({ type: "skipStore" })}>
              Skip for now
            </Button>
          </>
        }
      />
    </div>
  );
}

function PlanStep({
  state,
  dispatch,
  onFinished,
  onLeaveForPayment,
}: {
  state: WizardState;
  dispatch: (a: WizardAction) => void;
  onFinished: () => void;
  onLeaveForPayment: () => void;
}) {
  const id = useId();
  const { refreshUser } = useAuth();
  const [key, setKey] = useState("");
  const action = planAction(state);

  const complete = useMutation({
    mutationFn: () =>
      api(setupEndpoints.updateSubscription, { body: { tier: "free", setupCompleted: true } }),
    onSuccess: async () => {
      toast({ title: "Setup Complete!", description: `Welcome to ${PRODUCT_NAME}!` });
      onFinished();
      await refreshUser();
    },
    onError: () => toast({ title: "Error", description: TEXTS.completeFailed, variant: "destructive" }),
  });

  const activate = useMutation({
    mutationFn: async (productKey: string) => {
      const { subscriptionTier } = await api(subscriptionsEndpoints.useKey, { body: { key: productKey } });
      try {
        await api(setupEndpoints.updateSubscription, { body: { setupCompleted: true } });
        return { setupSaved: true, subscriptionTier };
      } catch {
        return { setupSaved: false, subscriptionTier };
      }
    },
    onSuccess: async ({ setupSaved, subscriptionTier }) => {
      if (setupSaved) {
        toast({ title: "Success", description: keyActivatedText(state.plan, subscriptionTier) });
        onFinished();
      } else {
        toast({ title: "Warning", description: TEXTS.setupNotSaved });
      }
      await refreshUser();
    },
    onError: (err) => toastError(err, TEXTS.keyFailed),
  });

  const busy = complete.isPending || activate.isPending;

  return (
    <>
      <RadioGroup
        aria-label="Plan"
        value={state.plan}
        onValueChange={(value) => dispatch({ type: "choosePlan", plan: value as Tier })}
        className="md:grid-cols-3"
      >
        {planOptions(state.integration).map((plan) => (
          <RadioCard
            key={plan.tier}
            id={`${id}-${plan.tier}`}
            value={plan.tier}
            title={plan.name}
            description={
              <>
                <span className="text-2xl font-bold text-foreground">{plan.price}</span> {plan.period}
              </>
            }
          >
            <ul className="mt-2 grid gap-1 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-2">
                  <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                  {feature}
                </li>
              ))}
            </ul>
          </RadioCard>
        ))}
      </RadioGroup>

      {state.plan !== "free" && (
        <div className="grid gap-3">
          <h3 className="text-sm font-medium" id={`${id}-method`}>
            Payment Method
          </h3>
          <RadioGroup
            aria-labelledby={`${id}-method`}
            value={state.paymentMethod ?? ""}
            onValueChange={(value) =>
              dispatch({ type: "choosePaymentMethod", method: value as PaymentMethod })
            }
            className="sm:grid-cols-2"
          >
            <RadioCard
              id={`${id}-crypto`}
              value="crypto"
              title="Pay with Crypto"
              description="Bitcoin, Litecoin or Ethereum, flexible durations"
            />
            <RadioCard
              id={`${id}-key`}
              value="key"
              title="Promotional Key"
              description="Activate your plan with a product key"
            />
          </RadioGroup>
          {state.paymentMethod === "key" && (
            <ProductKeyInput
              id={`${id}-key-input`}
              value={key}
              onChange={setKey}
              readOnly={activate.isPending}
              onSubmit={() => activate.mutate(key.trim())}
            />
          )}
        </div>
      )}

      <DialogFooter className="sm:justify-between">
        <Button variant="outline" onClick={() => dispatch({ type: "back" })} disabled={busy}>
          <ArrowLeftIcon aria-hidden="true" />
          Back
        </Button>
        {action === "complete" && (
          <Button onClick={() => complete.mutate()} disabled={busy}>
            Complete Setup
          </Button>
        )}
        {action === "selectPaymentMethod" && <Button disabled>Select Payment Method</Button>}
        {action === "payWithCrypto" && <Button onClick={onLeaveForPayment}>Pay with Crypto</Button>}
        {action === "activateKey" && (
          <Button onClick={() => activate.mutate(key.trim())} disabled={!key.trim() || busy}>
            {activate.isPending ? "Activating..." : "Activate Key"}
          </Button>
        )}
      </DialogFooter>
    </>
  );
}

/**
 * The first-time setup modal (spec 000 §2 and §4), shown while the seller's setupCompleted is false. It cannot be
 * dismissed: it closes on completion, or while the seller pays with crypto in the purchase wizard (setup completes
 * when that payment succeeds, and the wizard comes back when the seller leaves it unpaid).
 */
export function SetupWizard({
  user,
  CryptoPurchase,
}: {
  user: CurrentUser;
  CryptoPurchase: ComponentType<CryptoPurchaseSlotProps>;
}) {
  const { refreshUser } = useAuth();
  const [paying, setPaying] = useState(false);
  const [paid, setPaid] = useState(false);
  const [connectError] = useState(connectErrorFromAddress);
  const [state, dispatch] = useReducer(wizardReducer, undefined, () =>
    connectError ? storeStepState() : initialWizardState(window.location.search, user.shopifyStore),
  );
  const [open, setOpen] = useState(true);
  const { current, total } = stepPosition(state);

  // Spec 000 §7: after a paid plan, setupCompleted alone; the purchase wizard's success screen stays until closed.
  const finishAfterPayment = useMutation({
    mutationFn: () => api(setupEndpoints.updateSubscription, { body: { setupCompleted: true } }),
    onSuccess: () => toast({ title: "Success", description: TEXTS.activated }),
    onError: () => toast({ title: "Warning", description: TEXTS.setupNotSaved }),
    onSettled: () => refreshUser(),
  });

  useEffect(() => {
    if (connectError) dropSearchParam("error");
  }, [connectError]);

  // Spec 000 §4: the return flag leaves the address shortly after, once the store is really connected.
  useEffect(() => {
    if (!user.shopifyStore || !returnedFromStore(window.location.search)) return;
    const timer = setTimeout(() => dropSearchParam(SETUP_PARAM), SETUP_PARAM_REMOVAL_MS);
    return () => clearTimeout(timer);
  }, [user.shopifyStore]);

  return (
    <>
      <Dialog open={open}>
        <DialogContent
          showCloseButton={false}
          onEscapeKeyDown={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className={state.step === "plan" ? "sm:max-w-3xl" : "sm:max-w-xl"}
        >
          <DialogHeader>
            <DialogTitle className="text-2xl">Welcome to {PRODUCT_NAME}</DialogTitle>
            <DialogDescription>Let's get your account set up in just {total} steps.</DialogDescription>
            <p className="text-xs font-medium text-muted-foreground" aria-live="polite">
              Step {current} of {total}
              {state.step === "plan" && state.integration === "shopify" && user.shopifyStore && (
                <> · {user.shopifyStore} connected</>
              )}
            </p>
          </DialogHeader>
          {state.step === "integration" && <IntegrationStep state={state} dispatch={dispatch} />}
          {state.step === "store" && <StoreStep dispatch={dispatch} connectError={connectError} />}
          {state.step === "plan" && (
            <PlanStep
              state={state}
              dispatch={dispatch}
              onFinished={() => setOpen(false)}
              onLeaveForPayment={() => {
                setOpen(false);
                setPaying(true);
              }}
            />
          )}
        </DialogContent>
      </Dialog>
      <CryptoPurchase
        open={paying}
        initialTier={state.plan === "free" ? null : state.plan}
        onSuccess={() => setPaid(true)}
        onOpenChange={(stillOpen) => {
          if (stillOpen) return;
          setPaying(false);
          if (paid) finishAfterPayment.mutate();
          else setOpen(true);
        }}
      />
    </>
  );
}
