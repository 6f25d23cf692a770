import type { CurrentUser } from "@contract/auth";
import { SetupWizard } from "@/features/setup-wizard/setup-wizard";
import { CryptoPurchaseDialog } from "@/features/subscription/crypto-purchase-dialog";

/** The setup wizard's Pay with Crypto opens the Subscription feature's purchase wizard; features meet only here. */
export function SetupWizardWithPayment({ user }: { user: CurrentUser }) {
  return <SetupWizard user={user} CryptoPurchase={CryptoPurchaseDialog} />;
}
