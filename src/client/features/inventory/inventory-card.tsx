import { GAME_NAMES } from "@contract/games";
import type { InventoryEntry } from "@contract/inventory";
import { EyeIcon, LinkIcon } from "lucide-react";
import { useId } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ImageWithFallback } from "@/components/ui/image-with-fallback";

/** One card of the inventory grid (spec 000 §2): image, public name, quantity, code name and the two actions. */
export function InventoryCard({
  entry,
  inFirstRow = false,
  onList,
  onView,
}: {
  entry: InventoryEntry;
  /**
   * The card is on screen when the page opens: its image loads at once, not lazily (the first card's image is the
   * page's largest paint on a phone, and a lazy image waits for layout before it is even asked for).
   */
  inFirstRow?: boolean;
  onList?: () => void;
  onView: () => void;
}) {
  const titleId = useId();
  const { publicName, codeName, game, imageUrl } = entry.item;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm"
    >
      <div className="relative">
        <ImageWithFallback
          src={imageUrl}
          alt={publicName}
          loading={inFirstRow ? "eager" : "lazy"}
          fetchPriority={inFirstRow ? "high" : "auto"}
          className="aspect-square w-full bg-muted/40 object-contain p-4"
        />
        <Badge className="absolute top-2 right-2 text-sm" aria-label={`Quantity: ${entry.quantity}`}>
          x{entry.quantity}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="min-w-0 space-y-1">
          <h3 id={titleId} className="truncate font-semibold" title={publicName}>
            {publicName}
          </h3>
          <p className="truncate font-mono text-xs text-muted-foreground" title={codeName}>
            {codeName}
          </p>
          <p className="text-xs text-muted-foreground">{GAME_NAMES[game]}</p>
        </div>
        <div className="mt-auto flex gap-2">
          {onList && (
            <Button size="sm" className="flex-1" onClick={onList}>
              <LinkIcon aria-hidden="true" />
              List Item
            </Button>
          )}
          <Button size="sm" variant="outline" aria-label={`View ${publicName}`} onClick={onView}>
            <EyeIcon aria-hidden="true" />
          </Button>
        </div>
      </div>
    </article>
  );
}
