import { InventoryPage } from "@/features/inventory/inventory-page";
import { LinkItemsDialog } from "@/features/listings/link-items-dialog";

/** Inventory's List Item opens the listings feature's link dialog; features meet only here, in the app layer. */
export function InventoryWithListingPage() {
  return <InventoryPage ListItemDialog={LinkItemsDialog} />;
}
