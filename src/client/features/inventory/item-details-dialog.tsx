import { GAME_NAMES } from "@contract/games";
import type { InventoryEntry } from "@contract/inventory";
import { LinkIcon } from "lucide-react";
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
import { ImageWithFallback } from "@/components/ui/image-with-fallback";
import { ItemCostField } from "./costs";

/** The view button's dialog: the item's details, how many the seller holds and what one cost them. */
export function ItemDetailsDialog({
  entry,
  open,
  onOpenChange,
  onList,
}: {
  /** Kept after closing, so the closing animation still shows the item. */
  entry: InventoryEntry | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onList?: (entry: InventoryEntry) => void;
}) {
  return (
    <Dialog open={open && entry !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        {entry && (
          <>
            <DialogHeader>
              <DialogTitle>{entry.item.publicName}</DialogTitle>
              <DialogDescription>{GAME_NAMES[entry.item.game]}</DialogDescription>
            </DialogHeader>
            <ImageWithFallback
              src={entry.item.imageUrl}
              alt={entry.item.publicName}
              className="mx-auto aspect-square w-48 rounded-lg bg-muted/40 object-contain p-4"
            />
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Code name</dt>
              <dd className="font-mono break-all">{entry.item.codeName}</dd>
              <dt className="text-muted-foreground">Game</dt>
              <dd>{GAME_NAMES[entry.item.game]}</dd>
              <dt className="text-muted-foreground">Quantity</dt>
              <dd>{entry.quantity}</dd>
              <dt className="text-muted-foreground">Item ID</dt>
              <dd className="font-mono text-xs break-all">{entry.itemId}</dd>
            </dl>
            <ItemCostField key={entry.itemId} itemId={entry.itemId} />
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Close</Button>
              </DialogClose>
              {onList && (
                <Button onClick={() => onList(entry)}>
                  <LinkIcon aria-hidden="true" />
                  List Item
                </Button>
              )}
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
