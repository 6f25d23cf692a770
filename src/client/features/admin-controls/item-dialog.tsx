import { adminEndpoints } from "@contract/endpoints/admin";
import { itemsEndpoints } from "@contract/endpoints/items";
import { GAME_NAMES, GAMES, type Game } from "@contract/games";
import { type AdminItem, createItemRequestSchema, type Item } from "@contract/inventory";
import { useId, useState } from "react";
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
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { api } from "@/lib/api";
import { toastError } from "@/lib/error-toast";
import { Field } from "./admin-table";
import { useAdminMutation } from "./api/admin";

interface ItemForm {
  codeName: string;
  publicName: string;
  imageUrl: string;
  game: Game | "";
}

const isImageUrl = (v: string) => createItemRequestSchema.shape.imageUrl.safeParse(v).success;

/** Create Item (spec 001 §5: all four fields required) or edit one (its game stays). */
export function ItemDialog({
  open,
  onOpenChange,
  item,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The item to edit; none creates a new one. */
  item?: AdminItem;
}) {
  const id = useId();
  const [form, setForm] = useState<ItemForm>(() =>
    item
      ? { codeName: item.codeName, publicName: item.publicName, imageUrl: item.imageUrl, game: item.game }
      : { codeName: "", publicName: "", imageUrl: "", game: "" },
  );
  const save = useAdminMutation({
    request: (f: ItemForm & { game: Game }): Promise<Item> =>
      item
        ? api(itemsEndpoints.update, {
            params: { id: item.id },
            body: { codeName: f.codeName, publicName: f.publicName, imageUrl: f.imageUrl },
          })
        : api(itemsEndpoints.create, { body: f }),
    success: (saved) => (item ? `${saved.publicName} updated` : `${saved.publicName} created`),
    fallback: item ? "Failed to update item" : "Failed to create item",
    refresh: [itemsEndpoints.adminList, adminEndpoints.gameStats],
    onDone: () => onOpenChange(false),
  });
  const set = (key: keyof ItemForm) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));
  const imageProblem =
    form.imageUrl.trim() && !isImageUrl(form.imageUrl.trim()) ? "Enter an http(s) URL or a path" : null;

  const submit = () => {
    const { game } = form;
    if (!form.codeName.trim() || !form.publicName.trim() || !form.imageUrl.trim() || !game)
      return toastError(null, "Please fill in all fields");
    if (imageProblem) return toastError(null, `Image URL: ${imageProblem}`);
    save.mutate({ ...form, game });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogForm pending={save.isPending} onSubmit={submit}>
          <DialogHeader>
            <DialogTitle>{item ? "Edit Item" : "Create Item"}</DialogTitle>
            <DialogDescription>
              {item
                ? "Orders and listings that hold this item show the new names and picture."
                : "Add an item to a game's dictionary. Its code name is what bots see in game."}
            </DialogDescription>
          </DialogHeader>
          <div className="grid grid-cols-1 gap-4">
            <Field id={`${id}-game`} label="Game">
              <Select
                value={form.game}
                onValueChange={(game) => setForm((f) => ({ ...f, game: game as Game }))}
                disabled={Boolean(item)}
              >
                <SelectTrigger id={`${id}-game`} className="w-full">
                  <SelectValue placeholder="Select a game" />
                </SelectTrigger>
                <SelectContent>
                  {GAMES.map((game) => (
                    <SelectItem key={game} value={game}>
                      {GAME_NAMES[game]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
            <Field id={`${id}-code`} label="Code Name" hint="Unique within the game, e.g. harvester">
              <Input
                id={`${id}-code`}
                value={form.codeName}
                onChange={set("codeName")}
                autoComplete="off"
                aria-describedby={`${id}-code-hint`}
              />
            </Field>
            <Field id={`${id}-name`} label="Public Name">
              <Input
                id={`${id}-name`}
                value={form.publicName}
                onChange={set("publicName")}
                autoComplete="off"
              />
            </Field>
            <Field
              id={`${id}-image`}
              label="Image URL"
              problem={imageProblem}
              hint="https://… or /item-images/…"
            >
              <Input
                id={`${id}-image`}
                type="url"
                value={form.imageUrl}
                onChange={set("imageUrl")}
                autoComplete="off"
                aria-invalid={imageProblem ? true : undefined}
                aria-describedby={`${id}-image-hint`}
              />
            </Field>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {item ? "Save" : "Create Item"}
            </Button>
          </DialogFooter>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
