import type { CurrentUser } from "@contract/auth";
import { lazy, Suspense } from "react";

const SetupWizard = lazy(async () => ({
  default: (await import("../compose/setup-with-payment")).SetupWizardWithPayment,
}));

/** Where the setup wizard mounts (spec 000 §4: shown only while the user's setupCompleted is false). */
export function SetupWizardSlot({ user }: { user: CurrentUser }) {
  if (user.setupCompleted) return null;
  return (
    <Suspense fallback={null}>
      <SetupWizard user={user} />
    </Suspense>
  );
}
