import type { ClaimAccess } from "@contract/claim-address";
import { CLAIM_TEXTS, CLAIM_TOASTS } from "@contract/claim-page";
import type { ClaimSubOrderView } from "@contract/claims";
import type { ValidateUsernameResponse } from "@contract/withdrawals";
import { Loader2Icon } from "lucide-react";
import { type FormEvent, lazy, Suspense, useId, useState } from "react";
import { RobloxUsernameInput } from "@/components/roblox-username-input";
import { Button } from "@/components/ui/button";
import { tint } from "@/lib/color";
import { toast } from "@/lib/toast";
import { useClaimOrderMutation, useValidateUsername } from "./api/claim";
import { ClaimCard, primaryButtonStyle, useClaimStyle } from "./claim-layout";
import { OrderItems, StatusBadge } from "./order-items";

/**
 * The confirmation dialog (Radix's dialog and its focus and scroll locks) is a chunk of its own, fetched when the
 * buyer submits a username, so the claim page's first load does not carry it.
 */
const loadIdentityDialog = () => import("./identity-dialog");
const IdentityDialog = lazy(async () => ({ default: (await loadIdentityDialog()).IdentityDialog }));

/** Step 1 Username: validate, confirm the identity, lock it to the order by claiming (spec 001 §4). */
export function UsernameStep({ access, order }: { access: ClaimAccess; order: ClaimSubOrderView }) {
  const style = useClaimStyle();
  const errorId = useId();
  const [username, setUsername] = useState("");
  const [blank, setBlank] = useState(false);
  const [candidate, setCandidate] = useState<ValidateUsernameResponse | null>(null);
  // Mounted from the first candidate on, so closing it still plays its exit animation.
  const [dialogUsed, setDialogUsed] = useState(false);
  if (candidate && !dialogUsed) setDialogUsed(true);
  const validate = useValidateUsername();
  const claim = useClaimOrderMutation(access, order);

  function submit(event: FormEvent) {
    event.preventDefault();
    const name = username.trim();
    setBlank(!name);
    if (!name) return;
    void loadIdentityDialog();
    validate.mutate(name, {
      onSuccess: setCandidate,
      onError: () =>
        toast({
          title: CLAIM_TOASTS.invalidUsernameTitle,
          description: CLAIM_TOASTS.invalidUsername,
          variant: "destructive",
        }),
    });
  }

  function confirm(user: ValidateUsernameResponse) {
    claim.mutate(user.username, {
      onSuccess: () => setCandidate(null),
      onError: () => toast({ title: "Error", description: CLAIM_TOASTS.lockFailed, variant: "destructive" }),
    });
  }

  return (
    <ClaimCard labelledBy="username-step-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="username-step-title" className="text-xl font-semibold" style={{ color: style.headerColor }}>
          Your ROBLOX Account
        </h2>
        <StatusBadge status={order.status} />
      </div>
      <OrderItems items={order.orderItems} />
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <RobloxUsernameInput
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          placeholder="Your ROBLOX username"
          maxLength={50}
          aria-invalid={blank || undefined}
          aria-describedby={blank ? errorId : undefined}
          className="h-11"
          style={{
            color: style.textColor,
            backgroundColor: tint(style.textColor, 5),
            borderColor: tint(style.textColor, 25),
          }}
        />
        {blank && (
          <p id={errorId} role="alert" className="text-sm text-red-400">
            {CLAIM_TEXTS.usernameRequired}
          </p>
        )}
        <Button
          type="submit"
          size="lg"
          disabled={validate.isPending}
          className="hover:opacity-90"
          style={primaryButtonStyle(style)}
        >
          {validate.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
          Continue
        </Button>
      </form>
      {dialogUsed && (
        <Suspense fallback={null}>
          <IdentityDialog
            user={candidate}
            confirming={claim.isPending}
            onConfirm={confirm}
            onCancel={() => setCandidate(null)}
          />
        </Suspense>
      )}
    </ClaimCard>
  );
}
