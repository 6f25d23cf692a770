import type { WhitelistedUser } from "@contract/bots";
import { botsEndpoints } from "@contract/endpoints/bots";
import { WHITELIST_MAX } from "@contract/limits";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Trash2Icon, UserPlusIcon } from "lucide-react";
import { useId, useState } from "react";
import { RobloxUsernameInput } from "@/components/roblox-username-input";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { api } from "@/lib/api";
import { toastError } from "@/lib/error-toast";
import { queryKeyOf } from "@/lib/queries";
import { toast } from "@/lib/toast";

/** Spec 000 §2 and §5: the users whose trades to the seller's bots count as the seller's deposits (at most 10). */
export function WhitelistSection({ users }: { users: WhitelistedUser[] }) {
  const queryClient = useQueryClient();
  const [username, setUsername] = useState("");
  const titleId = useId();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeyOf(botsEndpoints.sellerBots) });

  const add = useMutation({
    mutationFn: (robloxUsername: string) => api(botsEndpoints.whitelistAdd, { body: { robloxUsername } }),
    onSuccess: async () => {
      toast({ title: "User added to whitelist!" });
      setUsername("");
      await refresh();
    },
    onError: (err) => toastError(err, "Failed to add user to whitelist"),
  });

  const remove = useMutation({
    mutationFn: (name: string) => api(botsEndpoints.whitelistRemove, { params: { username: name } }),
    onSuccess: async () => {
      toast({ title: "User removed from whitelist" });
      await refresh();
    },
    onError: (err) => toastError(err, "Failed to remove user from whitelist"),
  });

  const full = users.length >= WHITELIST_MAX;
  const trimmed = username.trim();

  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-lg border p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          Whitelisted Users
        </h3>
        <span className="text-xs text-muted-foreground">
          {users.length}/{WHITELIST_MAX}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">
        Items these ROBLOX users trade to your bots are added to your inventory.
      </p>

      {users.length === 0 ? (
        <p className="text-sm text-muted-foreground">No whitelisted users yet.</p>
      ) : (
        <ul className="divide-y rounded-md border" aria-label="Whitelisted users">
          {users.map((user) => (
            <li key={user.id} className="flex items-center gap-3 px-3 py-2">
              <Avatar>
                {user.thumbnailUrl && <AvatarImage src={user.thumbnailUrl} alt="" />}
                <AvatarFallback>{user.robloxUsername.slice(0, 2).toUpperCase()}</AvatarFallback>
              </Avatar>
              <span className="min-w-0 flex-1 truncate text-sm font-medium">{user.robloxUsername}</span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${user.robloxUsername}`}
                disabled={remove.isPending && remove.variables === user.robloxUsername}
                onClick={() => remove.mutate(user.robloxUsername)}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}

      {full ? (
        <p className="text-sm text-muted-foreground">
          The whitelist is full ({WHITELIST_MAX} users). Remove a user to add another.
        </p>
      ) : (
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            if (trimmed && !add.isPending) add.mutate(trimmed);
          }}
        >
          <div className="flex-1 space-y-2">
            <RobloxUsernameInput
              label="ROBLOX username to whitelist"
              placeholder="Enter a ROBLOX username"
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={!trimmed || add.isPending}>
            <UserPlusIcon aria-hidden="true" />
            {add.isPending ? "Adding..." : "Add User"}
          </Button>
        </form>
      )}
    </section>
  );
}
