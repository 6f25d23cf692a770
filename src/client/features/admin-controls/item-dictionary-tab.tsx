import { adminEndpoints } from "@contract/endpoints/admin";
import { itemsEndpoints } from "@contract/endpoints/items";
import { GAME_NAMES, GAMES } from "@contract/games";
import type { AdminItem } from "@contract/inventory";
import { PackageIcon } from "lucide-react";
import { useState } from "react";
import { LoadError } from "@/components/load-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ImageWithFallback } from "@/components/ui/image-with-fallback";
import { Skeleton } from "@/components/ui/skeleton";
import { api } from "@/lib/api";
import { AdminTable } from "./admin-table";
import { useAdminItems, useAdminMutation } from "./api/admin";
import { ItemDialog } from "./item-dialog";

/** The Item Dictionary: every game's items with picture, code name and public name; edit and retire. */
export function ItemDictionaryTab() {
  const items = useAdminItems();
  const [editing, setEditing] = useState<AdminItem | null>(null);
  const retire = useAdminMutation({
    request: (item: AdminItem) =>
      api(itemsEndpoints.update, { params: { id: item.id }, body: { retired: !item.retired } }),
    success: (item) => `${item.publicName} ${item.retired ? "retired" : "restored"}`,
    fallback: "Failed to update item",
    refresh: [itemsEndpoints.adminList, adminEndpoints.gameStats],
  });

  if (items.isError)
    return <LoadError title="Could not load items" error={items.error} onRetry={() => items.refetch()} />;
  if (!items.data) return <Skeleton className="h-48 w-full" />;
  if (items.data.length === 0)
    return (
      <EmptyState icon={<PackageIcon />} title="No items yet" description="Create Item adds the first one." />
    );
  return (
    <div className="grid grid-cols-1 gap-6">
      {GAMES.map((game) => {
        const rows = items.data.filter((i) => i.game === game);
        return (
          <div key={game} className="grid grid-cols-1 gap-2">
            <h3 className="font-semibold">
              {GAME_NAMES[game]}{" "}
              <span className="text-sm font-normal text-muted-foreground">({rows.length})</span>
            </h3>
            <AdminTable
              label={`${GAME_NAMES[game]} items`}
              columns={["Image", "Code Name", "Public Name", "Status", "Actions"]}
            >
              {rows.map((item) => (
                <tr key={item.id}>
                  <td>
                    <ImageWithFallback
                      src={item.imageUrl}
                      alt=""
                      className="size-10 rounded-md object-cover"
                    />
                  </td>
                  <td className="font-mono text-xs">{item.codeName}</td>
                  <td>{item.publicName}</td>
                  <td>
                    <Badge variant={item.retired ? "secondary" : "success"}>
                      {item.retired ? "Retired" : "Active"}
                    </Badge>
                  </td>
                  <td className="whitespace-nowrap">
                    <div className="flex gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setEditing(item)}
                        aria-label={`Edit ${item.publicName}`}
                      >
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={retire.isPending}
                        onClick={() => retire.mutate(item)}
                        aria-label={`${item.retired ? "Restore" : "Retire"} ${item.publicName}`}
                      >
                        {item.retired ? "Restore" : "Retire"}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </AdminTable>
          </div>
        );
      })}
      {editing && (
        <ItemDialog key={editing.id} open item={editing} onOpenChange={(open) => !open && setEditing(null)} />
      )}
    </div>
  );
}
