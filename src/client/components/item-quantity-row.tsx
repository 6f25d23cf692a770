import { type ReactNode, useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { ImageWithFallback } from "@/components/ui/image-with-fallback";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/**
 * A selectable item with a quantity field (withdraw and link dialogs): a checkbox named after the item, a detail
 * line, and, once selected, a "Quantity of {item}" input bounded by what is available.
 */
export function ItemQuantityRow({
  publicName,
  imageUrl,
  detail,
  max,
  quantity,
  disabled = false,
  onToggle,
  onQuantity,
}: {
  publicName: string;
  imageUrl: string;
  detail: ReactNode;
  max: number;
  quantity: string | undefined;
  disabled?: boolean;
  onToggle: (checked: boolean) => void;
  onQuantity: (value: string) => void;
}) {
  const checkboxId = useId();
  const detailId = useId();
  const selected = quantity !== undefined;
  return (
    <li className="flex items-center gap-3 px-3 py-2">
      <Checkbox
        id={checkboxId}
        aria-describedby={detailId}
        checked={selected}
        disabled={!selected && disabled}
        onCheckedChange={(checked) => onToggle(checked === true)}
      />
      <ImageWithFallback src={imageUrl} alt="" className="size-8 shrink-0 rounded object-contain" />
      <div className="min-w-0 flex-1 space-y-1">
        <Label htmlFor={checkboxId} className="truncate">
          {publicName}
        </Label>
        <p id={detailId} className="text-xs text-muted-foreground">
          {detail}
        </p>
      </div>
      {selected && (
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          aria-label={`Quantity of ${publicName}`}
          className="w-20"
          value={quantity}
          onChange={(event) => onQuantity(event.target.value)}
        />
      )}
    </li>
  );
}
