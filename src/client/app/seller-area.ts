/**
 * The signed-in seller's everyday screens and their shell as one chunk (decision 062): a seller moves between them
 * all the time, and on a phone link one larger download beats 40-odd small ones (each a round trip over six
 * connections). The admin's screen and the charts stay lazy inside it.
 */
export { ApiIntegrationPage } from "@/features/api-integration/api-integration-page";
export { DashboardPage } from "@/features/dashboard/dashboard-page";
export { ListingsPage } from "@/features/listings/listings-page";
export { OrdersPage } from "@/features/orders/orders-page";
export { StoreSettingsPage } from "@/features/store-settings/store-settings-page";
export { SubscriptionPage } from "@/features/subscription/subscription-page";
export { InventoryWithListingPage } from "./compose/inventory-with-listing";
export { AppShell } from "./shell/app-shell";
