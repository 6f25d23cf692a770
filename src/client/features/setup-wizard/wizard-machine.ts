import { type PaidTier, PRICES, type Tier } from "../../../contract/plans";
import { TIER_NAMES } from "../../../contract/subscriptions";

/**
 * The setup wizard's steps (spec 000 §2 and §4). Shopify path: integration, store, plan (steps 1 to 3); API path:
 * integration, plan (steps 1 and 2). Pure, so every transition is unit-tested.
 */
export type Integration = "shopify" | "api";
type WizardStep = "integration" | "store" | "plan";
export type PaymentMethod = "crypto" | "key";

export interface WizardState {
  step: WizardStep;
  integration: Integration | null;
  plan: Tier;
  paymentMethod: PaymentMethod | null;
}

export type WizardAction =
  | { type: "chooseIntegration"; integration: Integration }
  | { type: "continue" }
  | { type: "skipStore" }
  | { type: "back" }
  | { type: "choosePlan"; plan: Tier }
  | { type: "choosePaymentMethod"; method: PaymentMethod };

/** The query parameter the store connection returns with (`/?setup=step2`). */
export const SETUP_PARAM = "setup";
const RETURNED_FROM_STORE = "step2";
/** Spec 000 §9: the parameter leaves the address 100 ms after the return. */
export const SETUP_PARAM_REMOVAL_MS = 100;

const FRESH: WizardState = { step: "integration", integration: null, plan: "free", paymentMethod: null };

export function returnedFromStore(search: string): boolean {
  return new URLSearchParams(search).get(SETUP_PARAM) === RETURNED_FROM_STORE;
}

/**
 * Back from the store, or later with the store connected (a reload, another visit), the wizard opens on the plan
 * step with Shopify chosen: the connection is the seller's, so the wizard never asks for the domain again.
 */
export function initialWizardState(search: string, shopifyStore: string | null): WizardState {
  return returnedFromStore(search) || shopifyStore
    ? { ...FRESH, step: "plan", integration: "shopify" }
    : FRESH;
}

/** A failed connection brings the seller back to the store step to try again. */
export function storeStepState(): WizardState {
  return { ...FRESH, step: "store", integration: "shopify" };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case "chooseIntegration":
      return state.step === "integration" ? { ...state, integration: action.integration } : state;
    case "continue":
      if (state.step !== "integration" || !state.integration) return state;
      return { ...state, step: state.integration === "shopify" ? "store" : "plan" };
    case "skipStore":
      return state.step === "store" ? { ...state, step: "plan" } : state;
    case "back":
      if (state.step === "plan")
        return { ...state, step: state.integration === "shopify" ? "store" : "integration" };
      if (state.step === "store") return { ...state, step: "integration" };
      return state;
    case "choosePlan":
      return { ...state, plan: action.plan };
    case "choosePaymentMethod":
      return { ...state, paymentMethod: action.method };
  }
}

/** "Step n of m": the Shopify path has three steps, the API path two (and before choosing, two). */
export function stepPosition(state: WizardState): { current: number; total: number } {
  const total = state.integration === "shopify" ? 3 : 2;
  const current = state.step === "integration" ? 1 : state.step === "store" ? 2 : total;
  return { current, total };
}

export function canContinue(state: WizardState): boolean {
  return state.step === "integration" && state.integration !== null;
}

/** What the plan step's main button does: finish on the free plan, or pay in the chosen way. */
export type PlanAction = "complete" | "selectPaymentMethod" | "payWithCrypto" | "activateKey";

export function planAction(state: Pick<WizardState, "plan" | "paymentMethod">): PlanAction {
  if (state.plan === "free") return "complete";
  if (state.paymentMethod === "crypto") return "payWithCrypto";
  if (state.paymentMethod === "key") return "activateKey";
  return "selectPaymentMethod";
}

export interface PlanOption {
  tier: Tier;
  name: string;
  price: string;
  period: string;
  features: string[];
}

/**
 * The plan cards (spec 000 §2). Prices come from the one price table (decision 005: a buyer never sees two prices), the
 * paid ones as their 30-day price. The Shopify path's Basic card also lists API Integration and advanced analytics.
 */
export function planOptions(integration: Integration | null): PlanOption[] {
  return [
    {
      tier: "free",
      name: "Free",
      price: "$0",
      period: "Forever",
      features: ["Basic order processing", "Manual inventory management", "Standard claim page"],
    },
    {
      tier: "basic",
      name: "Basic",
      price: `$${PRICES.basic["30"]}`,
      period: "per month",
      features: [
        "Discord webhook notifications",
        "Advanced order tracking",
        "Priority support",
        ...(integration === "shopify" ? ["API Integration", "Advanced analytics"] : []),
      ],
    },
    {
      tier: "pro",
      name: "Pro",
      price: `$${PRICES.pro["30"]}`,
      period: "per month",
      features: [
        "Custom claim page styling",
        "Advanced analytics",
        "White-label options",
        "Priority support",
        "Advanced integrations",
      ],
    },
  ];
}

/**
 * The key activation toast: spec 000's text, then the plan the key gave, which is the key's own and may not be the
 * plan the seller chose in the wizard (a Basic key while Pro is chosen gives Basic).
 */
export function keyActivatedText(chosen: Tier, given: PaidTier): string {
  const activated = "Your subscription has been activated!";
  return chosen === given
    ? `${activated} You are on the ${TIER_NAMES[given]} plan.`
    : `${activated} This key is for the ${TIER_NAMES[given]} plan, so you are on ${TIER_NAMES[given]}, not the ${TIER_NAMES[chosen]} plan you chose.`;
}
