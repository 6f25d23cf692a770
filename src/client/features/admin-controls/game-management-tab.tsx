import type { GameRules } from "@contract/bots";
import type { EndpointInput } from "@contract/endpoint";
import { botsEndpoints } from "@contract/endpoints/bots";
import { GAME_NAMES } from "@contract/games";
import { useId, useState } from "react";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { DialogForm } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { api } from "@/lib/api";
import { toastError } from "@/lib/error-toast";
import { ruleLimit } from "./admin-forms";
import { Field } from "./admin-table";
import { useAdminMutation, useGameRules, useGameStats } from "./api/admin";

type GameRulesBody = EndpointInput<typeof botsEndpoints.updateGameRules>["body"];

const asText = (n: number | null) => (n === null ? "" : String(n));

function GameCard({ rules, itemCount }: { rules: GameRules; itemCount: number | undefined }) {
  const id = useId();
  const name = GAME_NAMES[rules.game];
  const [form, setForm] = useState({
    maxUniqueItems: asText(rules.maxUniqueItems),
    maxItemsPerListing: asText(rules.maxItemsPerListing),
    privateServerLink: rules.privateServerLink ?? "",
  });
  const save = useAdminMutation({
    request: (body: GameRulesBody) =>
      api(botsEndpoints.updateGameRules, { params: { game: rules.game }, body }),
    success: () => `${name} rules saved`,
    fallback: "Failed to save game rules",
    refresh: [botsEndpoints.gameRules],
  });
  const submit = () => {
    const unique = ruleLimit(form.maxUniqueItems);
    const perListing = ruleLimit(form.maxItemsPerListing);
    if (!unique.ok || !perListing.ok)
      return toastError(null, "Each limit must be a whole number of at least 1, or blank");
    save.mutate({
      maxUniqueItems: unique.value,
      maxItemsPerListing: perListing.value,
      privateServerLink: form.privateServerLink.trim(),
    });
  };
  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{name}</CardTitle>
        <CardDescription>
          {itemCount === undefined
            ? "…"
            : `${itemCount} ${itemCount === 1 ? "item" : "items"} in the dictionary`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <DialogForm pending={save.isPending} onSubmit={submit} className="grid grid-cols-1 gap-4">
          <Field id={`${id}-unique`} label="Max unique items per order" hint="Blank means no limit">
            <Input
              id={`${id}-unique`}
              inputMode="numeric"
              value={form.maxUniqueItems}
              onChange={(e) => setForm((f) => ({ ...f, maxUniqueItems: e.target.value }))}
              aria-describedby={`${id}-unique-hint`}
            />
          </Field>
          <Field id={`${id}-listing`} label="Max items per listing" hint="Blank means no limit">
            <Input
              id={`${id}-listing`}
              inputMode="numeric"
              value={form.maxItemsPerListing}
              onChange={(e) => setForm((f) => ({ ...f, maxItemsPerListing: e.target.value }))}
              aria-describedby={`${id}-listing-hint`}
            />
          </Field>
          <Field id={`${id}-link`} label="Private server link" hint="Buyers and sellers join the bot here">
            <Input
              id={`${id}-link`}
              type="url"
              value={form.privateServerLink}
              placeholder="https://www.roblox.com/games/…"
              onChange={(e) => setForm((f) => ({ ...f, privateServerLink: e.target.value }))}
              aria-describedby={`${id}-link-hint`}
            />
          </Field>
          <div>
            <Button type="submit" disabled={save.isPending} aria-label={`Save ${name} rules`}>
              Save
            </Button>
          </div>
        </DialogForm>
      </CardContent>
    </Card>
  );
}

/** Game Management: each game's rules (spec 001 §3; new listings and orders follow them), link and item count. */
export function GameManagementTab() {
  const rules = useGameRules();
  const stats = useGameStats();
  if (rules.isError)
    return (
      <LoadError title="Could not load game rules" error={rules.error} onRetry={() => rules.refetch()} />
    );
  if (!rules.data) return <Skeleton className="h-64 w-full" />;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      {rules.data.map((r) => (
        <GameCard
          key={`${r.game}:${r.maxUniqueItems}:${r.maxItemsPerListing}:${r.privateServerLink}`}
          rules={r}
          itemCount={stats.data?.find((s) => s.game === r.game)?.itemCount}
        />
      ))}
    </div>
  );
}
