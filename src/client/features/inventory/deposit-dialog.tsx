import type { BotsUserResponse } from "@contract/bots";
import { botsEndpoints } from "@contract/endpoints/bots";
import { GAME_NAMES, GAMES, type Game } from "@contract/games";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ArrowLeftIcon, BotIcon, ChevronRightIcon } from "lucide-react";
import { useState } from "react";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { api } from "@/lib/api";
import { toastError } from "@/lib/error-toast";
import { queryKeyOf } from "@/lib/queries";
import { toast } from "@/lib/toast";
import { useSellerBots } from "./api/inventory";
import { BotDetails, PrivateServerReady } from "./bot-details";
import { WhitelistSection } from "./whitelist-section";

/** Spec 000 §4: game choice, then the bot view or Create Bot. */
export function DepositDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DepositSteps />
      </DialogContent>
    </Dialog>
  );
}

/** Lives inside the dialog's content, so each opening starts again at the game choice. */
function DepositSteps() {
  const [game, setGame] = useState<Game | null>(null);
  const bots = useSellerBots(true);

  return (
    <>
      <DialogHeader>
        <DialogTitle>Deposit Items</DialogTitle>
        <DialogDescription>
          {game ? GAME_NAMES[game] : "Choose the game of the items you want to deposit."}
        </DialogDescription>
      </DialogHeader>
      {game === null ? (
        <GameChoice bots={bots.data} onChoose={setGame} />
      ) : (
        <div className="space-y-4">
          <Button variant="ghost" size="sm" className="-ml-2" onClick={() => setGame(null)}>
            <ArrowLeftIcon aria-hidden="true" />
            Back
          </Button>
          {bots.isPending ? (
            <div className="flex justify-center py-8">
              <Spinner />
            </div>
          ) : bots.isError ? (
            <LoadError
              title="Could not load your bots"
              error={bots.error}
              onRetry={() => void bots.refetch()}
              retrying={bots.isFetching}
            />
          ) : (
            <GameBot game={game} data={bots.data} />
          )}
        </div>
      )}
    </>
  );
}

function GameChoice({ bots, onChoose }: { bots?: BotsUserResponse; onChoose: (game: Game) => void }) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {GAMES.map((game) => {
        const hasBot = bots?.bots.some((b) => b.game === game);
        return (
          <button
            key={game}
            type="button"
            onClick={() => onChoose(game)}
            className="group flex flex-col items-start gap-2 rounded-lg border bg-card p-4 text-left transition-colors outline-none hover:border-primary hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <BotIcon className="size-6 text-primary" aria-hidden="true" />
            <span className="font-semibold">{GAME_NAMES[game]}</span>
            {bots && (
              <span className="flex items-center gap-1 text-xs text-muted-foreground">
                {hasBot ? "Bot ready" : "No bot yet"}
                <ChevronRightIcon className="size-3" aria-hidden="true" />
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

function GameBot({ game, data }: { game: Game; data: BotsUserResponse }) {
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => api(botsEndpoints.create, { body: { game } }),
    onSuccess: async () => {
      toast({ title: "Bot created successfully!" });
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(botsEndpoints.sellerBots) });
    },
    onError: (err) => toastError(err, "Failed to create bot"),
  });

  const bot = data.bots.find((b) => b.game === game);
  if (!bot) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-8 text-center">
        <BotIcon className="size-10 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">You don't have a bot for {GAME_NAMES[game]} yet.</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          Create one to get a delivery bot that receives your deposits in a private server.
        </p>
        <Button onClick={() => create.mutate()} disabled={create.isPending}>
          {create.isPending ? "Creating..." : "Create Bot"}
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <BotDetails bot={bot} />
      <PrivateServerReady bot={bot} />
      <WhitelistSection users={data.whitelistedUsers} />
    </div>
  );
}
