import type { InventoryEntry } from "@contract/inventory";
import { hasPaidTier } from "@contract/plans";
import type { TurnOnResponse } from "@contract/withdrawals";
import {
  ArrowDownToLineIcon,
  ArrowUpFromLineIcon,
  PackageIcon,
  ReceiptIcon,
  SearchXIcon,
} from "lucide-react";
import { type ComponentType, useMemo, useState } from "react";
import { GameFilter, type GameFilterValue } from "@/components/game-filter";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SearchInput } from "@/components/ui/search-input";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuth } from "@/lib/auth";
import { mergeInventory, useInventory } from "@/lib/inventory";
import { usePendingWithdrawal } from "./api/inventory";
import { CostsDialog } from "./costs";
import { DepositDialog } from "./deposit-dialog";
import { InventoryCard } from "./inventory-card";
import { filterInventory } from "./inventory-logic";
import { ItemDetailsDialog } from "./item-details-dialog";
import { BotActivatedDialog, PendingWithdrawalBanner } from "./pending-withdrawal";
import { WithdrawDialog } from "./withdraw-dialog";

/**
 * The List Item dialog belongs to the listings feature; the app layer passes it in (a feature never imports
 * another), so this page only knows its props.
 */
export interface ListItemDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialItemId?: string;
}

/** The grid's widest row (xl); these cards are on screen when the page opens. */
const FIRST_ROW_CARDS = 4;

export function InventoryPage({ ListItemDialog }: { ListItemDialog?: ComponentType<ListItemDialogProps> }) {
  const { user } = useAuth();
  const canWithdraw = user ? hasPaidTier(user.subscriptionTier) : false;
  const inventory = useInventory();
  const pending = usePendingWithdrawal(canWithdraw);
  const pendingWithdrawal = pending.data?.pendingWithdrawal ?? null;

  const [search, setSearch] = useState("");
  const [game, setGame] = useState<GameFilterValue>("all");
  const [details, setDetails] = useState<{ entry: InventoryEntry | null; open: boolean }>({
    entry: null,
    open: false,
  });
  const [listing, setListing] = useState<{ itemId?: string; open: boolean }>({ open: false });
  const [depositOpen, setDepositOpen] = useState(false);
  const [costsOpen, setCostsOpen] = useState(false);
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  const [activation, setActivation] = useState<{ data: TurnOnResponse | null; open: boolean }>({
    data: null,
    open: false,
  });

  const entries = useMemo(() => mergeInventory(inventory.data ?? []), [inventory.data]);
  const shown = useMemo(() => filterInventory(entries, search, game), [entries, search, game]);
  const openListing = ListItemDialog
    ? (entry: InventoryEntry) => {
        setDetails((d) => ({ ...d, open: false }));
        setListing({ itemId: entry.itemId, open: true });
      }
    : undefined;

  return (
    <>
      <PageHeader
        title="Inventory"
        description="Deposit, withdraw and link the items your bots hold."
        actions={
          <>
            <Button onClick={() => setDepositOpen(true)}>
              <ArrowDownToLineIcon aria-hidden="true" />
              Deposit Items
            </Button>
            {canWithdraw && (
              <Button
                variant="outline"
                onClick={() => setWithdrawOpen(true)}
                disabled={pendingWithdrawal !== null || pending.isPending}
              >
                <ArrowUpFromLineIcon aria-hidden="true" />
                Withdraw Items
              </Button>
            )}
            <Button variant="outline" onClick={() => setCostsOpen(true)} disabled={entries.length === 0}>
              <ReceiptIcon aria-hidden="true" />
              Set Costs
            </Button>
          </>
        }
      />

      {pendingWithdrawal && (
        <PendingWithdrawalBanner
          withdrawal={pendingWithdrawal}
          onActivated={(data) => setActivation({ data, open: true })}
        />
      )}

      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput
          aria-label="Search items"
          placeholder="Search items..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="flex-1"
        />
        <GameFilter value={game} onChange={setGame} className="w-full sm:w-56" />
      </div>

      {inventory.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-80 rounded-xl" />
          ))}
        </div>
      ) : inventory.isError ? (
        <LoadError
          title="Could not load your inventory"
          error={inventory.error}
          onRetry={() => void inventory.refetch()}
          retrying={inventory.isFetching}
        />
      ) : entries.length === 0 ? (
        <EmptyState
          icon={<PackageIcon aria-hidden="true" />}
          title="No items in inventory"
          description="Deposit items through your bot and they appear here."
        />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<SearchXIcon aria-hidden="true" />}
          title="No items found"
          description="Try another search or game."
        />
      ) : (
        <section
          aria-label="Inventory items"
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
        >
          {shown.map((entry, index) => (
            <InventoryCard
              key={entry.itemId}
              entry={entry}
              inFirstRow={index < FIRST_ROW_CARDS}
              onList={openListing && (() => openListing(entry))}
              onView={() => setDetails({ entry, open: true })}
            />
          ))}
        </section>
      )}

      <ItemDetailsDialog
        entry={details.entry}
        open={details.open}
        onOpenChange={(open) => setDetails((d) => ({ ...d, open }))}
        onList={openListing}
      />
      <DepositDialog open={depositOpen} onOpenChange={setDepositOpen} />
      <CostsDialog entries={entries} open={costsOpen} onOpenChange={setCostsOpen} />
      {canWithdraw && <WithdrawDialog open={withdrawOpen} onOpenChange={setWithdrawOpen} entries={entries} />}
      <BotActivatedDialog
        activation={activation.data}
        open={activation.open}
        onOpenChange={(open) => setActivation((a) => ({ ...a, open }))}
      />
      {ListItemDialog && (
        <ListItemDialog
          open={listing.open}
          onOpenChange={(open) => setListing((l) => ({ ...l, open }))}
          initialItemId={listing.itemId}
        />
      )}
    </>
  );
}
