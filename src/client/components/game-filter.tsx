import { GAME_NAMES, GAMES, type Game } from "@contract/games";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

export type GameFilterValue = Game | "all";

/** The All Games / per-game filter of the Inventory and Listings screens (spec 000 §2). */
export function GameFilter({
  value,
  onChange,
  className,
}: {
  value: GameFilterValue;
  onChange: (value: GameFilterValue) => void;
  className?: string;
}) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as GameFilterValue)}>
      <SelectTrigger aria-label="Filter by game" className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value="all">All Games</SelectItem>
        {GAMES.map((game) => (
          <SelectItem key={game} value={game}>
            {GAME_NAMES[game]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
