// Values from the zod-free contract module, so this page's bundle carries no schemas (decision 052).
import type { ClaimAccess } from "@contract/claim-address";
import { CLAIM_PAGE_STYLE_DEFAULTS, CLAIM_TEXTS } from "@contract/claim-page";
import type { ClaimOrderView } from "@contract/claims";
import type { ClaimPageStyle } from "@contract/settings";
import {
  ArrowLeftIcon,
  CircleAlertIcon,
  CircleCheckIcon,
  ClockIcon,
  LinkIcon,
  SearchXIcon,
  ShieldAlertIcon,
} from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { normalizeError } from "@/lib/normalize-error";
import {
  authorisedClaimDomain,
  captureClaim,
  isAuthorisedClaimHost,
  STRIPPED_CLAIM_PATH,
  writeStoredClaim,
} from "./access";
import { isNotFound, useClaimConfig, useClaimOrder } from "./api/claim";
import { ClaimCard, ClaimMessage, ClaimShell, outlineButtonStyle, useClaimStyle } from "./claim-layout";
import { GameSelection } from "./game-selection";
import { JoinBotStep } from "./join-bot-step";
import { OrderItems } from "./order-items";
import { claimScreen, claimStep, claimTarget, statusMeaning } from "./order-view";
import { StepIndicator } from "./step-indicator";
import { UsernameStep } from "./username-step";

const ORDER_NOT_FOUND_DETAIL = "The order does not exist or was already claimed.";

export function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Captures the claim reference once, then takes it out of the address bar; sessionStorage keeps it (and the game
 * chosen in a multi-game order) for reloads.
 */
function useCapturedClaim() {
  const [, navigate] = useLocation();
  const [{ claim, strip }] = useState(() => captureClaim(window.location, sessionStore()));
  const [subOrderId, setSubOrderId] = useState(claim?.subOrderId ?? null);
  useEffect(() => {
    if (strip) navigate(STRIPPED_CLAIM_PATH, { replace: true });
  }, [strip, navigate]);
  const chooseSubOrder = (id: string | null) => {
    setSubOrderId(id);
    if (claim) writeStoredClaim(sessionStore(), { access: claim.access, subOrderId: id });
  };
  return { access: claim?.access ?? null, subOrderId, chooseSubOrder };
}

/**
 * The seller's style with the defaults where it leaves a text blank. The server already validated it
 * (resolveClaimStyle), so the page carries none of the schemas (zod) that checked it (decision 052).
 */
function withDefaults(style: ClaimPageStyle | null): ClaimPageStyle {
  const resolved = { ...CLAIM_PAGE_STYLE_DEFAULTS };
  if (!style) return resolved;
  for (const key of Object.keys(resolved) as (keyof ClaimPageStyle)[])
    if (style[key]) resolved[key] = style[key];
  return resolved;
}

function Loading() {
  return (
    <div
      className="flex min-h-dvh items-center justify-center"
      style={{ backgroundColor: CLAIM_PAGE_STYLE_DEFAULTS.backgroundColor }}
    >
      <Spinner className="size-10 text-blue-500" label="Loading your order" />
    </div>
  );
}

/** The buyer claim page (spec 001 §2): reached by /claim/{orderId}/{email}, /claim/{authKey} or query parameters. */
export function ClaimPage() {
  const { access, subOrderId, chooseSubOrder } = useCapturedClaim();
  const config = useClaimConfig();
  const hostname = window.location.hostname;
  // Without the configuration the page falls back to the hostname rule alone rather than refusing everyone.
  const authorised = config.isPending ? null : isAuthorisedClaimHost(hostname, config.data?.claimHost);
  // The order is asked for beside the configuration, not after it (the server started both with the page, decision
  // 060); it is shown only on an authorised host, and not read again on any other.
  const order = useClaimOrder(access, subOrderId, authorised !== false);

  if (authorised === null) return <Loading />;
  if (!authorised) {
    const domain = authorisedClaimDomain(config.data?.claimHost);
    return (
      <ClaimShell style={CLAIM_PAGE_STYLE_DEFAULTS}>
        <ClaimMessage icon={ShieldAlertIcon} title="Access Restricted" tone="danger">
          <p className="opacity-80">
            This claim page is only available at <strong className="font-semibold">{domain}</strong>. Please
            open your claim link on that domain.
          </p>
        </ClaimMessage>
      </ClaimShell>
    );
  }
  if (!access) {
    return (
      <ClaimShell style={CLAIM_PAGE_STYLE_DEFAULTS}>
        <ClaimMessage icon={LinkIcon} title="Open Your Claim Link">
          <p className="opacity-80">
            Use the claim link from your order confirmation or the store's thank-you page to claim your items.
          </p>
        </ClaimMessage>
      </ClaimShell>
    );
  }
  if (order.isPending) return <Loading />;
  if (order.isError) {
    return (
      <ClaimShell style={CLAIM_PAGE_STYLE_DEFAULTS}>
        {isNotFound(order.error) ? (
          <ClaimMessage icon={SearchXIcon} title={CLAIM_TEXTS.orderNotFound} tone="danger">
            <p className="opacity-80">{ORDER_NOT_FOUND_DETAIL}</p>
          </ClaimMessage>
        ) : (
          <LoadFailure error={order.error} onRetry={() => void order.refetch()} />
        )}
      </ClaimShell>
    );
  }
  return (
    <ClaimShell style={withDefaults(order.data.claimPageStyle)}>
      <ClaimOrder access={access} order={order.data} subOrderId={subOrderId} onChoose={chooseSubOrder} />
    </ClaimShell>
  );
}

function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const style = useClaimStyle();
  return (
    <ClaimMessage icon={CircleAlertIcon} title="Could not load your order" tone="danger">
      <p className="opacity-80">{normalizeError(error)}</p>
      <Button variant="outline" onClick={onRetry} style={outlineButtonStyle(style)}>
        Try Again
      </Button>
    </ClaimMessage>
  );
}

function ClaimOrder({
  access,
  order,
  subOrderId,
  onChoose,
}: {
  access: ClaimAccess;
  order: ClaimOrderView;
  subOrderId: string | null;
  onChoose: (id: string | null) => void;
}) {
  const style = useClaimStyle();
  const target = claimTarget(order, subOrderId);
  if (!target) return <GameSelection order={order} onSelect={onChoose} />;

  const screen = claimScreen(target);
  return (
    <>
      {order.isMultiGame && (
        <button
          type="button"
          onClick={() => onChoose(null)}
          className="inline-flex w-fit items-center gap-1.5 text-sm font-medium underline-offset-4 hover:underline"
          style={{ color: style.accentColor }}
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          Back to game selection
        </button>
      )}
      {screen === "failed" ? (
        <ClaimMessage icon={CircleAlertIcon} title={CLAIM_TEXTS.orderError} tone="danger">
          <p className="opacity-80">{CLAIM_TEXTS.orderErrorDetail}</p>
        </ClaimMessage>
      ) : screen === "awaitingPayment" ? (
        <ClaimMessage icon={ClockIcon} title={CLAIM_TEXTS.awaitingPayment}>
          <p className="opacity-80">{CLAIM_TEXTS.awaitingPaymentDetail}</p>
        </ClaimMessage>
      ) : screen === "cancelled" ? (
        <ClaimMessage icon={CircleAlertIcon} title={CLAIM_TEXTS.cancelled} tone="danger">
          <p className="opacity-80">{CLAIM_TEXTS.cancelledDetail}</p>
        </ClaimMessage>
      ) : (
        <>
          <StepIndicator current={claimStep(screen)} done={screen === "completed"} />
          {screen === "username" && <UsernameStep key={target.id} access={access} order={target} />}
          {screen === "joinBot" && <JoinBotStep key={target.id} access={access} order={target} />}
          {screen === "completed" && (
            <ClaimCard labelledBy="claim-completed-title">
              <div className="flex flex-col items-center gap-2 text-center">
                <CircleCheckIcon className="size-12 text-green-500" aria-hidden="true" />
                <h2
                  id="claim-completed-title"
                  className="text-xl font-semibold"
                  style={{ color: style.headerColor }}
                >
                  {statusMeaning("completed")}
                </h2>
                <p className="opacity-80">
                  {target.robloxUsername
                    ? `Your items were delivered to ${target.robloxUsername}.`
                    : "Your items were delivered."}
                </p>
              </div>
              <OrderItems items={target.orderItems} />
            </ClaimCard>
          )}
        </>
      )}
    </>
  );
}
