import { inventoryEndpoints } from "@contract/endpoints/inventory";
import { ordersEndpoints } from "@contract/endpoints/orders";
import { withdrawalsEndpoints } from "@contract/endpoints/withdrawals";
import { GAME_NAMES } from "@contract/games";
import type { InventoryEntry } from "@contract/inventory";
import type { ValidateUsernameResponse } from "@contract/withdrawals";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertTriangleIcon, ArrowLeftIcon } from "lucide-react";
import { useState } from "react";
import { ItemQuantityRow } from "@/components/item-quantity-row";
import { RobloxUsernameInput } from "@/components/roblox-username-input";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogForm,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { api } from "@/lib/api";
import { toastError } from "@/lib/error-toast";
import { type ItemSelection, selectionLines, toggleItem } from "@/lib/item-selection";
import { invalidateEndpoints } from "@/lib/queries";
import { validateRobloxUsername } from "@/lib/roblox";
import { toast } from "@/lib/toast";
import { groupByGame, validateWithdrawal } from "./inventory-logic";

/** Spec 000 §2 and §4: username and items, then the confirmation of the ROBLOX account. */
export function WithdrawDialog({
  open,
  onOpenChange,
  entries,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  entries: InventoryEntry[];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <WithdrawSteps entries={entries} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function WithdrawSteps({ entries, onDone }: { entries: InventoryEntry[]; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [username, setUsername] = useState("");
  const [selection, setSelection] = useState<ItemSelection>({});
  const [robloxUser, setRobloxUser] = useState<ValidateUsernameResponse | null>(null);

  const validate = useMutation({
    mutationFn: validateRobloxUsername,
    onSuccess: setRobloxUser,
    onError: (err) => toastError(err),
  });

  const create = useMutation({
    mutationFn: (robloxUsername: string) =>
      api(withdrawalsEndpoints.create, { body: { items: selectionLines(selection), robloxUsername } }),
    onSuccess: async () => {
      toast({ title: "Withdrawal created successfully!" });
      onDone();
      await invalidateEndpoints(queryClient, [
        inventoryEndpoints.list,
        withdrawalsEndpoints.pending,
        ordersEndpoints.list,
      ]);
    },
    onError: (err) => toastError(err),
  });

  const next = () => {
    const problem = validateWithdrawal(selection, username, entries);
    if (problem) return toastError(problem);
    validate.mutate(username.trim());
  };

  const toggle = (itemId: string, checked: boolean) => setSelection((s) => toggleItem(s, itemId, checked));

  if (robloxUser) {
    const picked = entries.filter((e) => e.itemId in selection);
    return (
      <>
        <DialogHeader>
          <DialogTitle>Confirm Withdrawal</DialogTitle>
          <DialogDescription>Check the ROBLOX account that receives the items.</DialogDescription>
        </DialogHeader>
        <div className="flex items-center gap-4 rounded-lg border p-4">
          <Avatar className="size-16">
            {robloxUser.imageUrl && (
              <AvatarImage src={robloxUser.imageUrl} alt={`Avatar of ${robloxUser.username}`} />
            )}
            <AvatarFallback>{robloxUser.username.slice(0, 2).toUpperCase()}</AvatarFallback>
          </Avatar>
          <div className="min-w-0 space-y-0.5">
            <p className="truncate text-lg font-semibold">{robloxUser.displayName}</p>
            <p className="truncate text-sm text-muted-foreground">@{robloxUser.username}</p>
            <p className="text-xs text-muted-foreground">User ID: {robloxUser.userId}</p>
          </div>
        </div>
        <Alert>
          <AlertTriangleIcon aria-hidden="true" />
          <AlertTitle>Are you sure this is you?</AlertTitle>
          <AlertDescription>
            The items are traded to this account and cannot be sent elsewhere.
          </AlertDescription>
        </Alert>
        <ul className="space-y-1 text-sm" aria-label="Items to withdraw">
          {picked.map((e) => (
            <li key={e.itemId} className="flex justify-between gap-4">
              <span className="truncate">{e.item.publicName}</span>
              <span className="font-medium tabular-nums">x{selection[e.itemId]?.trim()}</span>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={() => setRobloxUser(null)} disabled={create.isPending}>
            <ArrowLeftIcon aria-hidden="true" />
            Back
          </Button>
          <Button onClick={() => create.mutate(robloxUser.username)} disabled={create.isPending}>
            {create.isPending ? "Creating..." : "Confirm Withdrawal"}
          </Button>
        </DialogFooter>
      </>
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Withdraw Items</DialogTitle>
        <DialogDescription>
          Items of one game per withdrawal; a bot trades them to your ROBLOX account.
        </DialogDescription>
      </DialogHeader>
      <DialogForm pending={validate.isPending} onSubmit={next}>
        <div className="space-y-2">
          <RobloxUsernameInput value={username} onChange={(event) => setUsername(event.target.value)} />
        </div>
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Items</legend>
          <div className="max-h-[45vh] space-y-4 overflow-y-auto pr-1">
            {entries.length === 0 && <p className="text-sm text-muted-foreground">No items in inventory</p>}
            {groupByGame(entries).map(({ game, entries: rows }) => (
              <fieldset key={game} className="space-y-2">
                <legend className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  {GAME_NAMES[game]}
                </legend>
                <ul className="divide-y rounded-md border">
                  {rows.map((entry) => (
                    <WithdrawRow
                      key={entry.itemId}
                      entry={entry}
                      quantity={selection[entry.itemId]}
                      onToggle={(checked) => toggle(entry.itemId, checked)}
                      onQuantity={(value) => setSelection((s) => ({ ...s, [entry.itemId]: value }))}
                    />
                  ))}
                </ul>
              </fieldset>
            ))}
          </div>
        </fieldset>
        <DialogFooter>
          <Button type="submit" disabled={validate.isPending}>
            {validate.isPending ? "Checking..." : "Continue"}
          </Button>
        </DialogFooter>
      </DialogForm>
    </>
  );
}

function WithdrawRow({
  entry,
  quantity,
  onToggle,
  onQuantity,
}: {
  entry: InventoryEntry;
  quantity: string | undefined;
  onToggle: (checked: boolean) => void;
  onQuantity: (value: string) => void;
}) {
  return (
    <ItemQuantityRow
      publicName={entry.item.publicName}
      imageUrl={entry.item.imageUrl}
      detail={`Available: ${entry.quantity}`}
      max={entry.quantity}
      quantity={quantity}
      onToggle={onToggle}
      onQuantity={onQuantity}
    />
  );
}
