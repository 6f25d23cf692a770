import type { CurrentUser } from "@contract/auth";

/**
 * Where the setup wizard mounts (spec 000 §4: shown only while the user's setupCompleted is false). The setup
 * feature plugs in here, lazily loaded, e.g. `user.setupCompleted ? null : <SetupWizard user={user} />`.
 */
export function SetupWizardSlot(_props: { user: CurrentUser }) {
  return null;
}
