import type { CurrentUser } from "@contract/auth";
import { endpointUrl } from "@contract/endpoint";
import { robloxEndpoints } from "@contract/endpoints/roblox";
import { LogOutIcon } from "lucide-react";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useAuth } from "@/lib/auth";

function planLabel(tier: string): string {
  return `${tier.charAt(0).toUpperCase()}${tier.slice(1)} Plan`;
}

function initials(username: string): string {
  return username.slice(0, 2).toUpperCase();
}

/** The avatar (the user's Roblox headshot) opening a menu with the username, the plan and Log out. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const { logout } = useAuth();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label="Account menu">
          <Avatar className="size-8">
            <AvatarImage
              src={endpointUrl(robloxEndpoints.avatar, {
                params: { userId: user.robloxUserId },
                query: { size: "48x48" },
              })}
              alt={`${user.username}'s avatar`}
              width={32}
              height={32}
            />
            <AvatarFallback>{initials(user.username)}</AvatarFallback>
          </Avatar>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="flex flex-col gap-1">
          <span className="truncate" data-testid="user-menu-username">
            {user.username}
          </span>
          <span className="text-xs font-normal text-muted-foreground" data-testid="user-menu-plan">
            {planLabel(user.subscriptionTier)}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logout()}>
          <LogOutIcon aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
