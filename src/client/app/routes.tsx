import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** One screen of the route table (spec 000 §2). Pages load lazily so each screen is its own chunk. */
export interface AppRoute {
  path: string;
  title: string;
  page: LazyExoticComponent<ComponentType>;
  /** The page reads no session, so a visitor there is not asked who they are (no 401 from the session call). */
  sessionless?: true;
}

function lazyPage<M>(load: () => Promise<M>, name: keyof M): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

export const ClaimPage = lazyPage(() => import("@/features/claim/claim-page"), "ClaimPage");

/** Reachable by anyone. "/" and the not-found page are handled by the router itself. */
export const PUBLIC_ROUTES: AppRoute[] = [
  {
    path: "/login",
    title: "Login",
    page: lazyPage(() => import("@/features/login/login-page"), "LoginPage"),
  },
  { path: "/claim/:orderId/:email", title: "Claim Your Order", page: ClaimPage, sessionless: true },
  { path: "/claim/:authKey", title: "Claim Your Order", page: ClaimPage, sessionless: true },
  { path: "/claim", title: "Claim Your Order", page: ClaimPage, sessionless: true },
  {
    path: "/documentation",
    title: "API Documentation",
    page: lazyPage(() => import("@/features/documentation/documentation-page"), "DocumentationPage"),
    sessionless: true,
  },
];

/** Signed-in seller screens, shown inside the application shell. */
export const SELLER_ROUTES: AppRoute[] = [
  {
    path: "/dashboard",
    title: "Dashboard",
    page: lazyPage(() => import("@/features/dashboard/dashboard-page"), "DashboardPage"),
  },
  {
    path: "/inventory",
    title: "Inventory",
    page: lazyPage(() => import("./compose/inventory-with-listing"), "InventoryWithListingPage"),
  },
  {
    path: "/listings",
    title: "Listings",
    page: lazyPage(() => import("@/features/listings/listings-page"), "ListingsPage"),
  },
  {
    path: "/orders",
    title: "Orders",
    page: lazyPage(() => import("@/features/orders/orders-page"), "OrdersPage"),
  },
  {
    path: "/api-integration",
    title: "API Integration",
    page: lazyPage(() => import("@/features/api-integration/api-integration-page"), "ApiIntegrationPage"),
  },
  {
    path: "/store-settings",
    title: "Store Settings",
    page: lazyPage(() => import("@/features/store-settings/store-settings-page"), "StoreSettingsPage"),
  },
  {
    path: "/subscription",
    title: "My Subscription",
    page: lazyPage(() => import("@/features/subscription/subscription-page"), "SubscriptionPage"),
  },
];

/** Registered only for admins: for everybody else these paths do not exist. */
export const ADMIN_ROUTES: AppRoute[] = [
  {
    path: "/admin-controls",
    title: "Admin Controls",
    page: lazyPage(() => import("@/features/admin-controls/admin-controls-page"), "AdminControlsPage"),
  },
];
