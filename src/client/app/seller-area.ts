/**
 * The signed-in seller's everyday screens and their shell as one chunk (decision 062): a seller moves between them
 * all the time, and on a phone link one larger download beats 40-odd small ones (each a round trip over six
 * connections). The charts stay lazy inside it; the admin's screen and the store settings (whose form checks the claim
 * page's style with zod) load on their own.
 */
export { ApiIntegrationPage } from "@/features/api-integration/api-integration-page";
export { DashboardPage } from "@/features/dashboard/dashboard-page";
export { ListingsPage } from "@/features/listings/listings-page";
export { OrdersPage } from "@/features/orders/orders-page";
export { SubscriptionPage } from "@/features/subscription/subscription-page";
export { InventoryWithListingPage } from "./compose/inventory-with-listing";
export { AppShell } from "./shell/app-shell";
