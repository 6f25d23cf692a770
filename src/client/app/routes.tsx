import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** One screen of the route table (spec 000 §2). Pages load lazily so each screen is its own chunk. */
export interface AppRoute {
  path: string;
  title: string;
  page: LazyExoticComponent<ComponentType>;
  /** Fetches the page's chunk; the router calls it at start for the page being opened (see preloadPage). */
  load: () => Promise<unknown>;
  /** The page reads no session, so a visitor there is not asked who they are (no 401 from the session call). */
  sessionless?: true;
}

function lazyPage<M>(load: () => Promise<M>, name: keyof M): Pick<AppRoute, "page" | "load"> {
  return { page: lazy(async () => ({ default: (await load())[name] as ComponentType })), load };
}

const claimPage = lazyPage(() => import("@/features/claim/claim-page"), "ClaimPage");
export const ClaimPage = claimPage.page;

/** Reachable by anyone. "/" and the not-found page are handled by the router itself. */
export const PUBLIC_ROUTES: AppRoute[] = [
  {
    path: "/login",
    title: "Login",
    ...lazyPage(() => import("@/features/login/login-page"), "LoginPage"),
  },
  { path: "/claim/:orderId/:email", title: "Claim Your Order", ...claimPage, sessionless: true },
  { path: "/claim/:authKey", title: "Claim Your Order", ...claimPage, sessionless: true },
  { path: "/claim", title: "Claim Your Order", ...claimPage, sessionless: true },
  {
    path: "/documentation",
    title: "API Documentation",
    ...lazyPage(() => import("@/features/documentation/documentation-page"), "DocumentationPage"),
    sessionless: true,
  },
];

/** Signed-in seller screens, shown inside the application shell. */
export const SELLER_ROUTES: AppRoute[] = [
  {
    path: "/dashboard",
    title: "Dashboard",
    ...lazyPage(() => import("@/features/dashboard/dashboard-page"), "DashboardPage"),
  },
  {
    path: "/inventory",
    title: "Inventory",
    ...lazyPage(() => import("./compose/inventory-with-listing"), "InventoryWithListingPage"),
  },
  {
    path: "/listings",
    title: "Listings",
    ...lazyPage(() => import("@/features/listings/listings-page"), "ListingsPage"),
  },
  {
    path: "/orders",
    title: "Orders",
    ...lazyPage(() => import("@/features/orders/orders-page"), "OrdersPage"),
  },
  {
    path: "/api-integration",
    title: "API Integration",
    ...lazyPage(() => import("@/features/api-integration/api-integration-page"), "ApiIntegrationPage"),
  },
  {
    path: "/store-settings",
    title: "Store Settings",
    ...lazyPage(() => import("@/features/store-settings/store-settings-page"), "StoreSettingsPage"),
  },
  {
    path: "/subscription",
    title: "My Subscription",
    ...lazyPage(() => import("@/features/subscription/subscription-page"), "SubscriptionPage"),
  },
];

/** Registered only for admins: for everybody else these paths do not exist. */
export const ADMIN_ROUTES: AppRoute[] = [
  {
    path: "/admin-controls",
    title: "Admin Controls",
    ...lazyPage(() => import("@/features/admin-controls/admin-controls-page"), "AdminControlsPage"),
  },
];
