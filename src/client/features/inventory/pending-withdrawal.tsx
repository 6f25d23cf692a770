import { botsEndpoints } from "@contract/endpoints/bots";
import { withdrawalsEndpoints } from "@contract/endpoints/withdrawals";
import type { TurnOnResponse, WithdrawalSummary } from "@contract/withdrawals";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ClockIcon, ExternalLinkIcon, PowerIcon } from "lucide-react";
import type { ReactNode } from "react";
import { CopyButton } from "@/components/copy-button";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { api } from "@/lib/api";
import { toastError } from "@/lib/error-toast";
import { invalidateEndpoints } from "@/lib/queries";
import { toast } from "@/lib/toast";

/**
 * Spec 000 §4: while a withdrawal is open the banner offers Turn On Bot, which either shows the instructions or
 * opens the private server.
 */
export function PendingWithdrawalBanner({
  withdrawal,
  onActivated,
}: {
  withdrawal: WithdrawalSummary;
  onActivated: (activation: TurnOnResponse) => void;
}) {
  const queryClient = useQueryClient();
  const turnOn = useMutation({
    mutationFn: () => api(withdrawalsEndpoints.turnOn, { body: { orderId: withdrawal.id } }),
    onSuccess: async (activation) => {
      toast({ title: "Bot activated successfully!" });
      if (activation.showInstructions) onActivated(activation);
      else window.open(activation.serverLink, "_blank", "noopener,noreferrer");
      await invalidateEndpoints(queryClient, [botsEndpoints.sellerBots, withdrawalsEndpoints.pending]);
    },
    onError: (err) => toastError(err),
  });

  return (
    <Alert className="border-warning/60" data-testid="pending-withdrawal">
      <ClockIcon aria-hidden="true" className="text-warning" />
      <AlertTitle>Pending withdrawal</AlertTitle>
      <AlertDescription>
        <p>
          Your withdrawal to <span className="font-medium text-foreground">{withdrawal.robloxUsername}</span>{" "}
          is {withdrawal.status === "pending" ? "in progress" : "waiting"}. Turn on your bot, join its private
          server and accept its trade to receive your items. You can start a new withdrawal once this one
          completes.
        </p>
        <Button className="mt-2" size="sm" onClick={() => turnOn.mutate()} disabled={turnOn.isPending}>
          <PowerIcon aria-hidden="true" />
          {turnOn.isPending ? "Turning On..." : "Turn On Bot"}
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** The three steps after Turn On Bot (spec 000 §2). */
export function BotActivatedDialog({
  activation,
  open,
  onOpenChange,
}: {
  activation: TurnOnResponse | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open && activation !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {activation && (
          <>
            <DialogHeader>
              <DialogTitle>Bot Activated Successfully!</DialogTitle>
              <DialogDescription>Follow these steps to receive your items.</DialogDescription>
            </DialogHeader>
            <ol className="space-y-4">
              <Step n={1} title="Join the private server">
                <Button asChild size="sm" className="mt-2">
                  <a href={activation.link} target="_blank" rel="noopener noreferrer">
                    <ExternalLinkIcon aria-hidden="true" />
                    Join Private Server
                  </a>
                </Button>
              </Step>
              <Step n={2} title="Find the bot">
                <div className="mt-2 flex items-center gap-2">
                  <span className="rounded-md bg-muted px-2 py-1 font-mono text-sm">
                    {activation.botUsername}
                  </span>
                  <CopyButton text={activation.botUsername} label="Copy bot username" />
                </div>
              </Step>
              <Step n={3} title="Trade with the bot">
                <p className="text-sm text-muted-foreground">
                  Accept the trade from {activation.botUsername}: it gives your items to{" "}
                  <span className="font-medium text-foreground">{activation.robloxUsername}</span>.
                </p>
              </Step>
            </ol>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Close</Button>
              </DialogClose>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Step({ n, title, children }: { n: number; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span
        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
        aria-hidden="true"
      >
        {n}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          <span className="sr-only">Step {n}: </span>
          {title}
        </p>
        {children}
      </div>
    </li>
  );
}
