import type { AdminBot } from "@contract/bots";
import { botsEndpoints } from "@contract/endpoints/bots";
import { GAME_NAMES, GAMES, type Game } from "@contract/games";
import { BotIcon, Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { LoadError } from "@/components/load-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { DialogForm } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { api } from "@/lib/api";
import { toastError } from "@/lib/error-toast";
import { botImportSummary } from "./admin-forms";
import { AdminTable, Field } from "./admin-table";
import { useAdminMutation, usePoolBots } from "./api/admin";

type BotsBody = { game: Game; botUsername: string } | { game: Game; botUsernames: string };

function AddBots() {
  const id = useId();
  const [game, setGame] = useState<Game | "">("");
  const [bulk, setBulk] = useState(false);
  const [text, setText] = useState("");
  const add = useAdminMutation({
    request: (body: BotsBody) => api(botsEndpoints.adminCreate, { body }),
    success: (result, body) => botImportSummary(result, body.game, (g) => GAME_NAMES[g]),
    fallback: "Failed to add bots",
    refresh: [botsEndpoints.adminList],
    onDone: () => setText(""),
  });
  const submit = () => {
    if (!game) return toastError(null, "Please select a game");
    if (!text.trim()) return toastError(null, "Please enter at least one bot username");
    add.mutate(bulk ? { game, botUsernames: text } : { game, botUsername: text.trim() });
  };
  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Add Deposit Bots</CardTitle>
      </CardHeader>
      <CardContent>
        <DialogForm pending={add.isPending} onSubmit={submit} className="grid grid-cols-1 gap-4">
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Field id={`${id}-game`} label="Game">
              <Select value={game} onValueChange={(v) => setGame(v as Game)}>
                <SelectTrigger id={`${id}-game`} className="w-full">
                  <SelectValue placeholder="Select a game" />
                </SelectTrigger>
                <SelectContent>
                  {GAMES.map((g) => (
                    <SelectItem key={g} value={g}>
                      {GAME_NAMES[g]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            <div className="flex items-center gap-2 sm:self-end sm:pb-2">
              <Switch id={`${id}-bulk`} checked={bulk} onCheckedChange={setBulk} />
              <label htmlFor={`${id}-bulk`} className="text-sm font-medium">
                Bulk mode (one username per line)
              </label>
            </div>
          </div>
          {bulk ? (
            <Field id={`${id}-names`} label="Bot Usernames">
              <Textarea id={`${id}-names`} rows={5} value={text} onChange={(e) => setText(e.target.value)} />
            </Field>
          ) : (
            <Field id={`${id}-name`} label="Bot Username">
              <Input
                id={`${id}-name`}
                value={text}
                autoComplete="off"
                onChange={(e) => setText(e.target.value)}
              />
            </Field>
          )}
          <div>
            <Button type="submit" disabled={add.isPending}>
              {bulk ? "Add Bots" : "Add Bot"}
            </Button>
          </div>
        </DialogForm>
      </CardContent>
    </Card>
  );
}

/** Deposit Bots: the pool per game, Available or Assigned (and to whom); add one or many, delete. */
export function DepositBotsTab() {
  const bots = usePoolBots();
  const remove = useAdminMutation({
    request: (bot: AdminBot) => api(botsEndpoints.adminDelete, { params: { id: bot.id } }),
    success: (_, bot) => `${bot.botUsername} deleted`,
    fallback: "Failed to delete bot",
    refresh: [botsEndpoints.adminList],
  });
  return (
    <div className="grid grid-cols-1 gap-4">
      <AddBots />
      {bots.isError ? (
        <LoadError title="Could not load bots" error={bots.error} onRetry={() => bots.refetch()} />
      ) : !bots.data ? (
        <Skeleton className="h-32 w-full" />
      ) : bots.data.length === 0 ? (
        <EmptyState icon={<BotIcon />} title="No deposit bots" description="Add bot accounts above." />
      ) : (
        <AdminTable label="Deposit bots" columns={["Username", "Game", "Status", "Assigned to", ""]}>
          {bots.data.map((bot) => (
            <tr key={bot.id}>
              <td className="font-medium">{bot.botUsername}</td>
              <td className="whitespace-nowrap">{GAME_NAMES[bot.game]}</td>
              <td>
                <Badge variant={bot.isAvailable ? "success" : "secondary"}>
                  {bot.isAvailable ? "Available" : "Assigned"}
                </Badge>
              </td>
              <td>{bot.assignedUsername ?? "—"}</td>
              <td>
                <Button
                  size="icon"
                  variant="ghost"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(bot)}
                  aria-label={`Delete ${bot.botUsername}`}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </div>
  );
}
