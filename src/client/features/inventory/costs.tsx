import { ANALYTICS_TEXTS, type ItemCost } from "@contract/analytics";
import { dashboardEndpoints } from "@contract/endpoints/dashboard";
import { inventoryEndpoints } from "@contract/endpoints/inventory";
import { GAME_NAMES } from "@contract/games";
import type { InventoryEntry } from "@contract/inventory";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogForm,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { api } from "@/lib/api";
import { toastError } from "@/lib/error-toast";
import { invalidateEndpoints, queryKeyOf } from "@/lib/queries";
import { toast } from "@/lib/toast";
import { useItemCosts } from "./api/inventory";
import { COST_INVALID, changedCosts, costText } from "./costs-logic";

/** Saves costs; the dashboard's Profit and the analytics follow at once. */
function useSaveCosts(success: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (costs: ItemCost[]) => api(inventoryEndpoints.setCosts, { body: { costs } }),
    onSuccess: async (costs) => {
      queryClient.setQueryData(queryKeyOf(inventoryEndpoints.costs), costs);
      toast({ title: success });
      onDone?.();
      await invalidateEndpoints(queryClient, [dashboardEndpoints.dashboard, dashboardEndpoints.analytics]);
    },
    onError: (err) => toastError(err, "Could not save the costs"),
  });
}

/** The item view's cost: what one unit cost the seller, used for the dashboard's Profit. */
export function ItemCostField({ itemId }: { itemId: string }) {
  const costs = useItemCosts();
  const inputId = useId();
  const hintId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const save = useSaveCosts(ANALYTICS_TEXTS.costSaved, () => setDraft(null));
  const value = draft ?? costText(costs.data, itemId);

  return (
    <DialogForm
      pending={save.isPending}
      className="grid gap-2"
      onSubmit={() => {
        const changed = changedCosts(costs.data, { [itemId]: value });
        if ("invalid" in changed) return toastError(COST_INVALID);
        if (changed.costs.length === 0) return setDraft(null);
        save.mutate(changed.costs);
      }}
    >
      <Label htmlFor={inputId}>Unit cost (USD)</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          inputMode="decimal"
          placeholder="No cost set"
          aria-describedby={hintId}
          value={value}
          disabled={costs.isPending}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" variant="outline" disabled={save.isPending || costs.isPending}>
          {save.isPending ? "Saving..." : "Save cost"}
        </Button>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        What one unit cost you. Profit on your dashboard takes it off every delivered unit; leave it empty for
        none.
      </p>
    </DialogForm>
  );
}

/** Set Costs: every item of the inventory in one list, saved together. */
export function CostsDialog({
  entries,
  open,
  onOpenChange,
}: {
  entries: readonly InventoryEntry[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        {open && <CostsForm entries={entries} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CostsForm({ entries, onDone }: { entries: readonly InventoryEntry[]; onDone: () => void }) {
  const costs = useItemCosts();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useSaveCosts(ANALYTICS_TEXTS.costsSaved, onDone);
  const baseId = useId();

  return (
    <DialogForm
      pending={save.isPending}
      onSubmit={() => {
        const changed = changedCosts(costs.data, drafts);
        if ("invalid" in changed) {
          setInvalid(changed.invalid);
          return toastError(COST_INVALID);
        }
        if (changed.costs.length === 0) return onDone();
        save.mutate(changed.costs);
      }}
    >
      <DialogHeader>
        <DialogTitle>Set Costs</DialogTitle>
        <DialogDescription>
          What one unit of each item cost you, in US dollars. Your dashboard's Profit takes it off every
          delivered unit. Leave a field empty for no cost.
        </DialogDescription>
      </DialogHeader>
      {entries.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No items in inventory</p>
      ) : (
        <ul className="-mx-1 grid max-h-[55vh] gap-3 overflow-y-auto px-1">
          {entries.map((entry) => {
            const id = `${baseId}-${entry.itemId}`;
            return (
              <li key={entry.itemId} className="grid grid-cols-[1fr_7rem] items-center gap-3">
                <Label htmlFor={id} className="flex min-w-0 flex-col items-start gap-0.5">
                  <span className="truncate">{entry.item.publicName}</span>
                  <span className="text-xs font-normal text-muted-foreground">
                    {GAME_NAMES[entry.item.game]}
                  </span>
                </Label>
                <Input
                  id={id}
                  inputMode="decimal"
                  placeholder="None"
                  aria-invalid={invalid === entry.itemId || undefined}
                  disabled={costs.isPending}
                  value={drafts[entry.itemId] ?? costText(costs.data, entry.itemId)}
                  onChange={(event) => {
                    const text = event.target.value;
                    setDrafts((d) => ({ ...d, [entry.itemId]: text }));
                  }}
                />
              </li>
            );
          })}
        </ul>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={save.isPending || costs.isPending}>
          {save.isPending ? "Saving..." : "Save Costs"}
        </Button>
      </DialogFooter>
    </DialogForm>
  );
}
