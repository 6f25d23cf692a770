import { CLAIM_TEXTS, CLAIM_TOASTS, type ClaimSubOrderView } from "@contract/claims";
import type { ValidateUsernameResponse } from "@contract/withdrawals";
import { Loader2Icon, UserIcon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { RobloxUsernameInput } from "@/components/roblox-username-input";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { tint } from "@/lib/color";
import { toast } from "@/lib/toast";
import type { ClaimAccess } from "./access";
import { useClaimOrderMutation, useValidateUsername } from "./api/claim";
import { ClaimCard, outlineButtonStyle, primaryButtonStyle, useClaimStyle } from "./claim-layout";
import { OrderItems, StatusBadge } from "./order-items";

/** Step 1 Username: validate, confirm the identity, lock it to the order by claiming (spec 001 §4). */
export function UsernameStep({ access, order }: { access: ClaimAccess; order: ClaimSubOrderView }) {
  const style = useClaimStyle();
  const errorId = useId();
  const [username, setUsername] = useState("");
  const [blank, setBlank] = useState(false);
  const [candidate, setCandidate] = useState<ValidateUsernameResponse | null>(null);
  const validate = useValidateUsername();
  const claim = useClaimOrderMutation(access, order);

  function submit(event: FormEvent) {
    event.preventDefault();
    const name = username.trim();
    setBlank(!name);
    if (!name) return;
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
      <IdentityDialog
        user={candidate}
        confirming={claim.isPending}
        onConfirm={confirm}
        onCancel={() => setCandidate(null)}
      />
    </ClaimCard>
  );
}

/** The identity confirmation: avatar, display name, username and user id. */
function IdentityDialog({
  user,
  confirming,
  onConfirm,
  onCancel,
}: {
  user: ValidateUsernameResponse | null;
  confirming: boolean;
  onConfirm: (user: ValidateUsernameResponse) => void;
  onCancel: () => void;
}) {
  const style = useClaimStyle();
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && !confirming && onCancel()}>
      <DialogContent
        className="sm:max-w-md"
        style={{
          backgroundColor: style.cardBackgroundColor,
          color: style.textColor,
          borderColor: tint(style.textColor, 15),
        }}
      >
        <DialogHeader>
          <DialogTitle style={{ color: style.headerColor }}>Is this your ROBLOX account?</DialogTitle>
          <DialogDescription style={{ color: style.textColor }} className="opacity-80">
            Your items will be delivered to this account.
          </DialogDescription>
        </DialogHeader>
        {user && (
          <div className="flex flex-col items-center gap-3 py-2 text-center">
            <span
              className="flex size-24 items-center justify-center overflow-hidden rounded-full"
              style={{ backgroundColor: tint(style.textColor, 8) }}
            >
              {user.imageUrl ? (
                <img
                  src={user.imageUrl}
                  alt={`Avatar of ${user.username}`}
                  className="size-full object-cover"
                />
              ) : (
                <UserIcon className="size-10 opacity-60" aria-hidden="true" />
              )}
            </span>
            <span className="text-lg font-semibold" style={{ color: style.headerColor }}>
              {user.displayName}
            </span>
            <span className="text-sm opacity-80">@{user.username}</span>
            <span className="text-sm opacity-80">User ID: {user.userId}</span>
          </div>
        )}
        <DialogFooter>
          <Button
            variant="outline"
            onClick={onCancel}
            disabled={confirming}
            style={outlineButtonStyle(style)}
          >
            Cancel
          </Button>
          <Button
            onClick={() => user && onConfirm(user)}
            disabled={confirming}
            className="hover:opacity-90"
            style={primaryButtonStyle(style)}
          >
            {confirming && <Loader2Icon className="animate-spin" aria-hidden="true" />}
            Confirm
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
