import { describe, expect, it } from "vitest";
import {
  canContinue,
  initialWizardState,
  planAction,
  planOptions,
  returnedFromStore,
  stepPosition,
  type WizardAction,
  type WizardState,
  wizardReducer,
} from "./wizard-machine";

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);
const fresh = initialWizardState("", null);

describe("setup wizard steps", () => {
  it("starts at step 1 with nothing chosen and the free plan; Continue waits for a choice", () => {
    expect(fresh).toEqual({ step: "integration", integration: null, plan: "free", paymentMethod: null });
    expect(canContinue(fresh)).toBe(false);
    expect(run(fresh, { type: "continue" })).toEqual(fresh);
    expect(canContinue(run(fresh, { type: "chooseIntegration", integration: "api" }))).toBe(true);
  });

  it("Shopify path: 1 -> 2 (store) -> 3 (plan) by skipping, and Back goes one step at a time", () => {
    const store = run(fresh, { type: "chooseIntegration", integration: "shopify" }, { type: "continue" });
    expect(store.step).toBe("store");
    expect(stepPosition(store)).toEqual({ current: 2, total: 3 });
    const plan = run(store, { type: "skipStore" });
    expect(plan.step).toBe("plan");
    expect(stepPosition(plan)).toEqual({ current: 3, total: 3 });
    expect(run(plan, { type: "back" }).step).toBe("store");
    expect(run(plan, { type: "back" }, { type: "back" }).step).toBe("integration");
  });

  it("API path: 1 -> 2 (plan), Back returns to 1", () => {
    const plan = run(fresh, { type: "chooseIntegration", integration: "api" }, { type: "continue" });
    expect(plan.step).toBe("plan");
    expect(stepPosition(plan)).toEqual({ current: 2, total: 2 });
    expect(run(plan, { type: "back" })).toMatchObject({ step: "integration", integration: "api" });
  });

  it("returning from the store (?setup=step2) opens the plan step with Shopify chosen", () => {
    expect(returnedFromStore("?setup=step2")).toBe(true);
    expect(returnedFromStore("?setup=step3")).toBe(false);
    expect(initialWizardState("?setup=step2", null)).toMatchObject({
      step: "plan",
      integration: "shopify",
      plan: "free",
    });
    expect(stepPosition(initialWizardState("?setup=step2", null))).toEqual({ current: 3, total: 3 });
  });

  it("ignores actions that do not belong to the current step", () => {
    expect(run(fresh, { type: "skipStore" })).toEqual(fresh);
    expect(run(fresh, { type: "back" })).toEqual(fresh);
    const plan = run(fresh, { type: "chooseIntegration", integration: "api" }, { type: "continue" });
    expect(run(plan, { type: "chooseIntegration", integration: "shopify" })).toEqual(plan);
  });
});

describe("plan step", () => {
  it("completes on free, asks for a payment method on a paid plan, then pays the chosen way", () => {
    expect(planAction({ plan: "free", paymentMethod: null })).toBe("complete");
    expect(planAction({ plan: "free", paymentMethod: "key" })).toBe("complete");
    expect(planAction({ plan: "basic", paymentMethod: null })).toBe("selectPaymentMethod");
    expect(planAction({ plan: "pro", paymentMethod: "crypto" })).toBe("payWithCrypto");
    expect(planAction({ plan: "basic", paymentMethod: "key" })).toBe("activateKey");
  });

  it("lists API Integration and advanced analytics under Basic on the Shopify path only", () => {
    const basic = (path: "shopify" | "api") => planOptions(path).find((p) => p.tier === "basic")!.features;
    expect(basic("shopify")).toEqual(expect.arrayContaining(["API Integration", "Advanced analytics"]));
    expect(basic("api")).not.toContain("API Integration");
    expect(planOptions("api").map((p) => [p.name, p.price, p.period])).toEqual([
      ["Free", "$0", "Forever"],
      ["Basic", "$9.99", "per month"],
      ["Pro", "$19.99", "per month"],
    ]);
  });
});
