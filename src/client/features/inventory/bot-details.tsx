import type { SellerBot } from "@contract/bots";
import { botsEndpoints } from "@contract/endpoints/bots";
import { useQueryClient } from "@tanstack/react-query";
import { ExternalLinkIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { CopyButton } from "@/components/copy-button";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { formatTime } from "@/lib/format";
import { queryKeyOf } from "@/lib/queries";
import { BOT_STATUS_LABELS, countdownStart, formatCountdown } from "./inventory-logic";

const STATUS_VARIANTS = { online: "success", pending_online: "warning", offline: "secondary" } as const;

/**
 * Spec 000 §4: a countdown that starts at 300 s and goes down each second while the bot is not offline. When it
 * runs out the bot list is read again, so the status the server computes replaces the stale one.
 */
function useBotCountdown(bot: SellerBot): number {
  const queryClient = useQueryClient();
  const active = bot.status !== "offline";
  const [seconds, setSeconds] = useState(() => countdownStart(bot.onlineTimeLeft, Date.now()));

  useEffect(() => {
    setSeconds(countdownStart(bot.onlineTimeLeft, Date.now()));
  }, [bot.onlineTimeLeft]);

  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, [active]);

  const expired = active && seconds === 0;
  useEffect(() => {
    if (expired) void queryClient.invalidateQueries({ queryKey: queryKeyOf(botsEndpoints.sellerBots) });
  }, [expired, queryClient]);

  return seconds;
}

export function BotDetails({ bot }: { bot: SellerBot }) {
  const seconds = useBotCountdown(bot);
  const online = bot.status !== "offline";
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-lg border p-4">
      <h3 id={titleId} className="font-semibold">
        Bot Details
      </h3>
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Bot Username</dt>
        <dd className="flex items-center gap-2">
          <span className="font-mono font-medium break-all" data-testid="bot-username">
            {bot.botUsername}
          </span>
          <CopyButton text={bot.botUsername} label="Copy bot username" />
        </dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          <Badge variant={STATUS_VARIANTS[bot.status]} data-testid="bot-status">
            {BOT_STATUS_LABELS[bot.status]}
          </Badge>
        </dd>
        {online && bot.onlineTimeLeft && (
          <>
            <dt className="text-muted-foreground">Online until</dt>
            <dd>
              <time dateTime={bot.onlineTimeLeft}>{formatTime(bot.onlineTimeLeft)}</time>
            </dd>
          </>
        )}
        {online && (
          <>
            <dt className="text-muted-foreground">Time left</dt>
            <dd className="font-mono tabular-nums" aria-live="off">
              {formatCountdown(seconds)}
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

export function PrivateServerReady({ bot }: { bot: SellerBot }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-lg border p-4">
      <h3 id={titleId} className="font-semibold">
        Private Server Ready
      </h3>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
        <li>Join the private server with the button below.</li>
        <li>
          Find <span className="font-medium text-foreground">{bot.botUsername}</span> in the server.
        </li>
        <li>
          Trade the items you want to deposit to the bot. They appear in your inventory as soon as the trade
          completes.
        </li>
      </ol>
      <p className="text-xs text-muted-foreground">
        Only trades from you and the users on your whitelist are credited to your inventory.
      </p>
      <Button asChild>
        <a href={bot.privateServerLink} target="_blank" rel="noopener noreferrer">
          <ExternalLinkIcon aria-hidden="true" />
          Join Private Server
        </a>
      </Button>
    </section>
  );
}
