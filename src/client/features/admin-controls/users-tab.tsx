import type { AdminUser } from "@contract/admin";
import { inventoryEndpoints } from "@contract/endpoints/inventory";
import { GAME_NAMES } from "@contract/games";
import { TIER_NAMES } from "@contract/subscriptions";
import { UsersIcon } from "lucide-react";
import { useDeferredValue, useId, useState } from "react";
import { LoadError } from "@/components/load-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogForm,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { SearchInput } from "@/components/ui/search-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { api } from "@/lib/api";
import { toastError } from "@/lib/error-toast";
import { formatDate } from "@/lib/format";
import { grantProblem, hasActiveSubscription, wholeNumber } from "./admin-forms";
import { AdminTable, Field } from "./admin-table";
import { useAdminItems, useAdminMutation, useAdminUsers } from "./api/admin";

/** Add items to a user (spec 001 §5): an item is required, quantity at least 1; it lands on their inventory live. */
function GrantItemsDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const id = useId();
  const items = useAdminItems();
  const [itemId, setItemId] = useState("");
  const [quantity, setQuantity] = useState("1");
  const grant = useAdminMutation({
    request: (body: { itemId: string; quantity: number }) =>
      api(inventoryEndpoints.grant, { params: { userId: user.id }, body }),
    success: (_, body) => `Added ${body.quantity} to ${user.username}'s inventory`,
    fallback: "Failed to add items",
    refresh: [],
    onDone: onClose,
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogForm
          pending={grant.isPending}
          onSubmit={() => {
            const problem = grantProblem(itemId, quantity);
            if (problem) return toastError(null, problem);
            grant.mutate({ itemId, quantity: wholeNumber(quantity) ?? 1 });
          }}
        >
          <DialogHeader>
            <DialogTitle>Add Items to {user.username}</DialogTitle>
            <DialogDescription>
              The items are credited to their inventory as an admin grant.
            </DialogDescription>
          </DialogHeader>
          <div className="grid grid-cols-1 gap-4">
            <Field id={`${id}-item`} label="Item">
              <Select value={itemId} onValueChange={setItemId}>
                <SelectTrigger id={`${id}-item`} className="w-full">
                  <SelectValue placeholder={items.data ? "Select an item" : "Loading items…"} />
                </SelectTrigger>
                <SelectContent>
                  {(items.data ?? [])
                    .filter((i) => !i.retired)
                    .map((i) => (
                      <SelectItem key={i.id} value={i.id}>
                        {i.publicName} ({GAME_NAMES[i.game]})
                      </SelectItem>
                    ))}
                </SelectContent>
              </Select>
            </Field>
            <Field id={`${id}-qty`} label="Quantity">
              <Input
                id={`${id}-qty`}
                inputMode="numeric"
                value={quantity}
                onChange={(e) => setQuantity(e.target.value)}
              />
            </Field>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={grant.isPending}>
              Add Items
            </Button>
          </DialogFooter>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}

/** Users: searchable by username or Roblox id, a page at a time. */
export function UsersTab() {
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [granting, setGranting] = useState<AdminUser | null>(null);
  const deferred = useDeferredValue(search.trim());
  const users = useAdminUsers({ page, search: deferred || undefined });
  const now = Date.now();
  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / users.data.pageSize)) : 1;

  return (
    <div className="grid grid-cols-1 gap-4">
      <SearchInput
        aria-label="Search users"
        placeholder="Search by username or Roblox id"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
        className="max-w-sm"
      />
      {users.isError ? (
        <LoadError title="Could not load users" error={users.error} onRetry={() => users.refetch()} />
      ) : !users.data ? (
        <Skeleton className="h-48 w-full" />
      ) : users.data.users.length === 0 ? (
        <EmptyState icon={<UsersIcon />} title="No users found" description="Try another search." />
      ) : (
        <>
          <AdminTable
            label="Users"
            columns={["Username", "Roblox ID", "Tier", "Expires", "Admin", "Created", ""]}
          >
            {users.data.users.map((u) => (
              <tr key={u.id}>
                <td className="font-medium">{u.username}</td>
                <td className="font-mono text-xs">{u.robloxUserId}</td>
                <td className="whitespace-nowrap">
                  {TIER_NAMES[u.subscriptionTier]}
                  {u.subscriptionTier !== "free" && !hasActiveSubscription(u, now) && (
                    <span className="text-muted-foreground"> (expired)</span>
                  )}
                </td>
                <td className="whitespace-nowrap">
                  {u.subscriptionTier === "free"
                    ? "—"
                    : u.subscriptionExpiry
                      ? formatDate(u.subscriptionExpiry)
                      : "Lifetime"}
                </td>
                <td>{u.isAdmin ? <Badge>Admin</Badge> : "—"}</td>
                <td className="whitespace-nowrap">{formatDate(u.createdAt)}</td>
                <td>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setGranting(u)}
                    aria-label={`Add items to ${u.username}`}
                  >
                    Add Items
                  </Button>
                </td>
              </tr>
            ))}
          </AdminTable>
          <nav className="flex items-center justify-between gap-2 text-sm" aria-label="Users pages">
            <span className="text-muted-foreground">
              Page {page} of {pages} · {users.data.total} {users.data.total === 1 ? "user" : "users"}
            </span>
            <div className="flex gap-2">
              <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={page >= pages}
                onClick={() => setPage((p) => p + 1)}
              >
                Next
              </Button>
            </div>
          </nav>
        </>
      )}
      {granting && <GrantItemsDialog user={granting} onClose={() => setGranting(null)} />}
    </div>
  );
}
