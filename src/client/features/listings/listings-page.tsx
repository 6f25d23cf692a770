import type { Listing } from "@contract/listings";
import { PlusIcon, SearchXIcon, StoreIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { GameFilter, type GameFilterValue } from "@/components/game-filter";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SearchInput } from "@/components/ui/search-input";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuth } from "@/lib/auth";
import { useListings } from "./api/listings";
import { LinkItemsDialog } from "./link-items-dialog";
import { type ListingAction, ListingCard } from "./listing-card";
import { filterListings, shopifyProductUrl } from "./listings-logic";
import { DeleteListingDialog, StockDialog } from "./stock-dialogs";

export function ListingsPage() {
  const { user } = useAuth();
  const listings = useListings();
  const [search, setSearch] = useState("");
  const [game, setGame] = useState<GameFilterValue>("all");
  const [linkOpen, setLinkOpen] = useState(false);
  // The listing stays set while its dialog closes, so the closing animation keeps its content.
  const [action, setAction] = useState<{ kind: ListingAction; listing: Listing | null; open: boolean }>({
    kind: "add",
    listing: null,
    open: false,
  });

  const shown = useMemo(
    () => filterListings(listings.data ?? [], search, game),
    [listings.data, search, game],
  );
  const dialogProps = (kind: ListingAction) => ({
    listing: action.listing,
    open: action.open && action.kind === kind,
    onOpenChange: (open: boolean) => setAction((a) => ({ ...a, open })),
  });

  return (
    <>
      <PageHeader
        title="Listings"
        description="The Shopify listings linked to your inventory."
        actions={
          <Button onClick={() => setLinkOpen(true)}>
            <PlusIcon aria-hidden="true" />
            Create Listing
          </Button>
        }
      />

      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchInput
          aria-label="Search listings"
          placeholder="Search listings..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="flex-1"
        />
        <GameFilter value={game} onChange={setGame} className="w-full sm:w-56" />
      </div>

      {listings.isPending ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-72 rounded-xl" />
          ))}
        </div>
      ) : listings.isError ? (
        <LoadError
          title="Could not load your listings"
          error={listings.error}
          onRetry={() => void listings.refetch()}
          retrying={listings.isFetching}
        />
      ) : listings.data.length === 0 ? (
        <EmptyState
          icon={<StoreIcon aria-hidden="true" />}
          title="No listings yet"
          description="Link inventory items to a Shopify product to start selling them."
          action={<Button onClick={() => setLinkOpen(true)}>Create Listing</Button>}
        />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<SearchXIcon aria-hidden="true" />}
          title="No listings found"
          description="Try another search or game."
        />
      ) : (
        <section aria-label="Listings" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((listing) => (
            <ListingCard
              key={listing.id}
              listing={listing}
              shopifyUrl={shopifyProductUrl(listing, user?.shopifyStore ?? null)}
              onAction={(kind) => setAction({ kind, listing, open: true })}
            />
          ))}
        </section>
      )}

      <LinkItemsDialog open={linkOpen} onOpenChange={setLinkOpen} />
      <StockDialog kind="add" {...dialogProps("add")} />
      <StockDialog kind="deduct" {...dialogProps("deduct")} />
      <DeleteListingDialog {...dialogProps("delete")} />
    </>
  );
}
