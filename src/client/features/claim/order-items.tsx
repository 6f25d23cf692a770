import type { ClaimOrderItem } from "@contract/claims";
import type { OrderStatus } from "@contract/orders";
import { CheckIcon, PackageIcon } from "lucide-react";
import { useState } from "react";
import { tint } from "@/lib/color";
import { useClaimStyle } from "./claim-layout";
import { statusMeaning } from "./order-view";

function ItemImage({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  const style = useClaimStyle();
  return (
    <span
      className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-lg"
      style={{ backgroundColor: tint(style.textColor, 8) }}
    >
      {src && !failed ? (
        <img
          src={src}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          className="size-full object-contain"
          onError={() => setFailed(true)}
        />
      ) : (
        <PackageIcon className="size-6 opacity-60" aria-hidden="true" />
      )}
    </span>
  );
}

/** The order's items: image, name and quantity. */
export function OrderItems({ items }: { items: ClaimOrderItem[] }) {
  return (
    <ul aria-label="Items" className="flex flex-col gap-3">
      {items.map((item) => (
        <li key={item.codeName} className="flex items-center gap-3">
          <ItemImage src={item.imageUrl} />
          <span className="min-w-0 flex-1 truncate font-medium">{item.publicName}</span>
          <span className="shrink-0 text-sm opacity-80">Quantity: {item.quantity}</span>
        </li>
      ))}
    </ul>
  );
}

/** The status meaning of spec 001 §4 as a small badge. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const style = useClaimStyle();
  const tone =
    status === "completed"
      ? { tint: "#22c55e", text: "#4ade80" }
      : status === "failed_no_stock" || status === "cancelled" || status === "refunded"
        ? { tint: "#ef4444", text: "#f87171" }
        : { tint: style.accentColor, text: style.textColor };
  return (
    <span
      className="inline-flex w-fit items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium"
      style={{ backgroundColor: tint(tone.tint, 18), color: tone.text }}
    >
      {status === "completed" && <CheckIcon className="size-3" aria-hidden="true" />}
      {statusMeaning(status)}
    </span>
  );
}
