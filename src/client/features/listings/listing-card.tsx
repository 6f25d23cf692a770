import { GAME_NAMES } from "@contract/games";
import type { Listing } from "@contract/listings";
import { ExternalLinkIcon, MinusIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ImageWithFallback } from "@/components/ui/image-with-fallback";
import { formatDate } from "@/lib/format";

export type ListingAction = "add" | "deduct" | "delete";

/** One listing (spec 000 §2): title, stock, created date, included items and the four actions. */
export function ListingCard({
  listing,
  shopifyUrl,
  onAction,
}: {
  listing: Listing;
  /** The product's page in the store admin; null hides View on Shopify. */
  shopifyUrl: string | null;
  onAction: (action: ListingAction) => void;
}) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 id={titleId} className="font-semibold leading-snug break-words">
            {listing.title}
          </h3>
          <p className="text-xs text-muted-foreground">
            {GAME_NAMES[listing.game]} · Created{" "}
            <time dateTime={listing.createdAt}>{formatDate(listing.createdAt)}</time>
          </p>
        </div>
        {!listing.isActive && <Badge variant="secondary">Inactive</Badge>}
      </div>

      <div className="flex items-baseline gap-2">
        <span className="text-sm text-muted-foreground">Stock</span>
        <span
          className={
            listing.stockQuantity === 0 ? "text-2xl font-bold text-destructive" : "text-2xl font-bold"
          }
          data-testid="listing-stock"
        >
          {listing.stockQuantity}
        </span>
      </div>

      <div className="space-y-2">
        <h4 className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          Included items
        </h4>
        <ul className="space-y-2" aria-label={`Items in ${listing.title}`}>
          {listing.items.map((line) => (
            <li key={line.id} className="flex items-center gap-3 text-sm">
              <ImageWithFallback
                src={line.item.imageUrl}
                alt=""
                className="size-8 shrink-0 rounded object-contain"
              />
              <span className="min-w-0 flex-1 truncate">{line.item.publicName}</span>
              <span className="font-medium tabular-nums">x{line.quantity}</span>
            </li>
          ))}
        </ul>
      </div>

      {/* Buttons wrap onto more rows instead of spilling out of a narrow card; a button never shrinks below its label. */}
      <div className="mt-auto flex flex-wrap gap-2 *:flex-[1_1_8rem]">
        <Button size="sm" variant="outline" onClick={() => onAction("add")}>
          <PlusIcon aria-hidden="true" />
          Add Stock
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => onAction("deduct")}
          disabled={listing.stockQuantity === 0}
        >
          <MinusIcon aria-hidden="true" />
          Deduct Stock
        </Button>
        {shopifyUrl && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => window.open(shopifyUrl, "_blank", "noopener,noreferrer")}
          >
            <ExternalLinkIcon aria-hidden="true" />
            View on Shopify
          </Button>
        )}
        <Button size="sm" variant="destructive" onClick={() => onAction("delete")}>
          <Trash2Icon aria-hidden="true" />
          Delete
        </Button>
      </div>
    </article>
  );
}
