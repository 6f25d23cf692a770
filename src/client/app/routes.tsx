import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { type LazyPagePath, PAGE_LOADERS } from "./page-loaders";

/** One screen of the route table (spec 000 §2). Pages load lazily so each screen is its own chunk. */
export interface AppRoute {
  path: string;
  title: string;
  page: LazyExoticComponent<ComponentType>;
  /** The page reads no session, so a visitor there is not asked who they are (no 401 from the session call). */
  sessionless?: true;
}

type PageModule<P extends LazyPagePath> = Awaited<ReturnType<(typeof PAGE_LOADERS)[P]["load"]>>;

/** The screen a module of PAGE_LOADERS exports under this name, loaded when first shown. */
function lazyPage<P extends LazyPagePath>(path: P, name: keyof PageModule<P>): Pick<AppRoute, "page"> {
  const load = PAGE_LOADERS[path].load as () => Promise<PageModule<P>>;
  return { page: lazy(async () => ({ default: (await load())[name] as ComponentType })) };
}

const claimPage = lazyPage("/claim", "ClaimPage");
export const ClaimPage = claimPage.page;

/** Reachable by anyone. "/" and the not-found page are handled by the router itself. */
export const PUBLIC_ROUTES: AppRoute[] = [
  {
    path: "/login",
    title: "Login",
    ...lazyPage("/login", "LoginPage"),
  },
  { path: "/claim/:orderId/:email", title: "Claim Your Order", ...claimPage, sessionless: true },
  { path: "/claim/:authKey", title: "Claim Your Order", ...claimPage, sessionless: true },
  { path: "/claim", title: "Claim Your Order", ...claimPage, sessionless: true },
  {
    path: "/documentation",
    title: "API Documentation",
    ...lazyPage("/documentation", "DocumentationPage"),
    sessionless: true,
  },
];

/** Signed-in seller screens, shown inside the application shell. */
export const SELLER_ROUTES: AppRoute[] = [
  {
    path: "/dashboard",
    title: "Dashboard",
    ...lazyPage("/dashboard", "DashboardPage"),
  },
  {
    path: "/inventory",
    title: "Inventory",
    ...lazyPage("/inventory", "InventoryWithListingPage"),
  },
  {
    path: "/listings",
    title: "Listings",
    ...lazyPage("/listings", "ListingsPage"),
  },
  {
    path: "/orders",
    title: "Orders",
    ...lazyPage("/orders", "OrdersPage"),
  },
  {
    path: "/api-integration",
    title: "API Integration",
    ...lazyPage("/api-integration", "ApiIntegrationPage"),
  },
  {
    path: "/store-settings",
    title: "Store Settings",
    ...lazyPage("/store-settings", "StoreSettingsPage"),
  },
  {
    path: "/subscription",
    title: "My Subscription",
    ...lazyPage("/subscription", "SubscriptionPage"),
  },
];

/** Registered only for admins: for everybody else these paths do not exist. */
export const ADMIN_ROUTES: AppRoute[] = [
  {
    path: "/admin-controls",
    title: "Admin Controls",
    ...lazyPage("/admin-controls", "AdminControlsPage"),
  },
];
