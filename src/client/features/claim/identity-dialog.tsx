import type { ValidateUsernameResponse } from "@contract/withdrawals";
import { Loader2Icon, UserIcon } from "lucide-react";
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
import { outlineButtonStyle, primaryButtonStyle, useClaimStyle } from "./claim-layout";

/** The identity confirmation: avatar, display name, username and user id. */
export function IdentityDialog({
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
                  width={96}
                  height={96}
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
