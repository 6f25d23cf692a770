import type { ClaimAccess } from "@contract/claim-address";
import { CLAIM_TOASTS } from "@contract/claim-page";
import type { ClaimSubOrderView } from "@contract/claims";
import { ExternalLinkIcon, Loader2Icon, UserPlusIcon } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { Button } from "@/components/ui/button";
import { tint } from "@/lib/color";
import { toast } from "@/lib/toast";
import { useFriendRequest, usePrivateServer, useResetUsername, useTurnOnBot } from "./api/claim";
import { ClaimCard, outlineButtonStyle, primaryButtonStyle, useClaimStyle } from "./claim-layout";
import { OrderItems, StatusBadge } from "./order-items";
import { isWaitingForBuyer, webLink } from "./order-view";

function useErrorToast(error: unknown, description: string) {
  useEffect(() => {
    if (error) toast({ title: "Error", description, variant: "destructive" });
  }, [error, description]);
}

function NextStep({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const style = useClaimStyle();
  return (
    <li className="flex gap-3">
      <span
        aria-hidden="true"
        className="flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold"
        style={{ backgroundColor: tint(style.accentColor, 20), color: style.textColor }}
      >
        {number}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h3 className="font-semibold" style={{ color: style.headerColor }}>
          {title}
        </h3>
        {children}
      </div>
    </li>
  );
}

/**
 * Step 2 Join Bot and the Order Claimed state (spec 001 §4): the seller's bot for the order's game is turned on,
 * the buyer joins its private server, gets its friend request and accepts the trade; Change Username goes back.
 */
export function JoinBotStep({ access, order }: { access: ClaimAccess; order: ClaimSubOrderView }) {
  const style = useClaimStyle();
  const open = isWaitingForBuyer(order.status);
  const bot = useTurnOnBot(access, order, open);
  const server = usePrivateServer(access, order, open);
  const friend = useFriendRequest(access, order);
  const reset = useResetUsername(access, order);
  useErrorToast(bot.error, CLAIM_TOASTS.botLinkFailed);
  useErrorToast(server.error, CLAIM_TOASTS.serverLinkFailed);

  const serverLink = webLink(server.data?.serverLink ?? bot.data?.serverLink);
  const botUsername = bot.data?.botUsername;

  function sendFriendRequest() {
    friend.mutate(bot.data?.botUserId ?? null, {
      onSuccess: (result) => {
        if (result === "sent")
          toast({
            title: "Friend Request Sent",
            description: `Accept the friend request from ${botUsername} in ROBLOX.`,
          });
      },
      onError: () =>
        toast({ title: "Error", description: CLAIM_TOASTS.friendRequestFailed, variant: "destructive" }),
    });
  }

  function changeUsername() {
    reset.mutate(undefined, {
      onError: () => toast({ title: "Error", description: CLAIM_TOASTS.resetFailed, variant: "destructive" }),
    });
  }

  return (
    <ClaimCard labelledBy="join-bot-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="join-bot-title" className="text-xl font-semibold" style={{ color: style.headerColor }}>
          Order Claimed
        </h2>
        <StatusBadge status={order.status} />
      </div>
      <p className="text-sm opacity-80">
        Claimed for ROBLOX user <strong className="font-semibold opacity-100">{order.robloxUsername}</strong>.
        {server.data?.message ? ` ${server.data.message}` : ""}
      </p>

      <ol aria-label="Next steps" className="flex flex-col gap-5">
        <NextStep number={1} title="Join the private server">
          {serverLink ? (
            <Button asChild size="lg" className="w-fit hover:opacity-90" style={primaryButtonStyle(style)}>
              <a href={serverLink} target="_blank" rel="noopener noreferrer">
                Join Private Server
                <ExternalLinkIcon aria-hidden="true" />
              </a>
            </Button>
          ) : (
            <Button size="lg" className="w-fit" disabled style={primaryButtonStyle(style)}>
              {(server.isFetching || bot.isFetching) && (
                <Loader2Icon className="animate-spin" aria-hidden="true" />
              )}
              Join Private Server
            </Button>
          )}
        </NextStep>

        <NextStep number={2} title="Add the bot as a friend">
          {bot.isError ? (
            <Button
              variant="outline"
              className="w-fit"
              onClick={() => void bot.refetch()}
              style={outlineButtonStyle(style)}
            >
              Try Again
            </Button>
          ) : (
            <>
              <p className="text-sm opacity-80">
                {botUsername ? (
                  <>
                    Bot: <strong className="font-semibold opacity-100">{botUsername}</strong>. Accept the
                    bot's friend request in ROBLOX.
                  </>
                ) : (
                  "Getting your bot ready..."
                )}
              </p>
              <Button
                variant="outline"
                className="w-fit"
                onClick={sendFriendRequest}
                disabled={!bot.data || friend.isPending}
                style={outlineButtonStyle(style)}
              >
                {friend.isPending ? (
                  <Loader2Icon className="animate-spin" aria-hidden="true" />
                ) : (
                  <UserPlusIcon aria-hidden="true" />
                )}
                Send Friend Request
              </Button>
            </>
          )}
        </NextStep>

        <NextStep number={3} title="Accept the trade">
          <p className="text-sm opacity-80">
            The bot sends you a trade with your items. Accept it to receive them. This page updates when the
            trade is done.
          </p>
        </NextStep>
      </ol>

      <OrderItems items={order.orderItems} />

      <Button
        variant="outline"
        className="w-fit self-center"
        onClick={changeUsername}
        disabled={reset.isPending}
        style={outlineButtonStyle(style)}
      >
        {reset.isPending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
        Change Username
      </Button>
    </ClaimCard>
  );
}
