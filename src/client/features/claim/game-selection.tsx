import type { ClaimOrderView } from "@contract/claims";
import { GAME_NAMES } from "@contract/game-names";
import { ChevronRightIcon } from "lucide-react";
import { tint } from "@/lib/color";
import { ClaimCard, useClaimStyle } from "./claim-layout";
import { StatusBadge } from "./order-items";
import { itemPreview } from "./order-view";

/** A multi-game purchase: the buyer picks one game's order first (spec 001 §4). */
export function GameSelection({
  order,
  onSelect,
}: {
  order: ClaimOrderView;
  onSelect: (subOrderId: string) => void;
}) {
  const style = useClaimStyle();
  return (
    <ClaimCard labelledBy="game-selection-title">
      <div className="flex flex-col gap-1">
        <h2 id="game-selection-title" className="text-xl font-semibold" style={{ color: style.headerColor }}>
          Select a Game
        </h2>
        <p className="text-sm opacity-80">
          Your order has items from more than one game. Choose the game whose items you want to claim.
        </p>
      </div>
      <ul className="flex flex-col gap-3">
        {order.subOrders.map((sub) => {
          const { shown, moreNote } = itemPreview(sub.orderItems);
          const gameName = sub.game ? GAME_NAMES[sub.game] : "Items";
          return (
            <li key={sub.id}>
              <button
                type="button"
                onClick={() => onSelect(sub.id)}
                className="flex w-full items-center gap-4 rounded-lg border p-4 text-left transition-colors outline-none hover:brightness-110 focus-visible:ring-[3px]"
                style={{ borderColor: tint(style.textColor, 15), backgroundColor: tint(style.textColor, 4) }}
              >
                <span className="flex min-w-0 flex-1 flex-col gap-2">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold" style={{ color: style.headerColor }}>
                      {gameName}
                    </span>
                    <StatusBadge status={sub.status} />
                  </span>
                  <span className="flex flex-col gap-0.5 text-sm opacity-80">
                    {shown.map((item) => (
                      <span key={item.codeName} className="truncate">
                        {item.publicName} × {item.quantity}
                      </span>
                    ))}
                    {moreNote && <span style={{ color: style.accentColor }}>{moreNote}</span>}
                  </span>
                </span>
                <ChevronRightIcon className="size-5 shrink-0 opacity-60" aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ul>
    </ClaimCard>
  );
}
