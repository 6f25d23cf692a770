import type { PAGE_PATHS } from "@contract/pages";

type PagePath = (typeof PAGE_PATHS)[number];

/** Fetches a lazily loaded screen's chunk. */
export interface PageLoader {
  load: () => Promise<unknown>;
  /** A signed-in screen: shown inside the application shell, after the session call. */
  signedIn?: true;
}

export const loadAppShell = () => import("./seller-area");

/**
 * Every lazily loaded screen by its route path (routes.tsx builds its table from these). The build reads this table
 * too (vite.config.ts, pagePreloads): each path's chunks, and the shell's for a signed-in screen, are listed in
 * page-preloads.json, and the server names them in that page's HTML, so a phone fetches them beside the app's entry
 * instead of after it has run (issue 30). Keep each entry in this shape: the build fails on any path it cannot read.
 */
export const PAGE_LOADERS = {
  "/login": { load: () => import("@/features/login/login-page") },
  "/claim/:orderId/:email": { load: () => import("@/features/claim/claim-page") },
  "/claim/:authKey": { load: () => import("@/features/claim/claim-page") },
  "/claim": { load: () => import("@/features/claim/claim-page") },
  "/documentation": { load: () => import("@/features/documentation/documentation-page") },
  "/dashboard": { load: () => import("./seller-area"), signedIn: true },
  "/inventory": { load: () => import("./seller-area"), signedIn: true },
  "/listings": { load: () => import("./seller-area"), signedIn: true },
  "/orders": { load: () => import("./seller-area"), signedIn: true },
  "/api-integration": {
    load: () => import("./seller-area"),
    signedIn: true,
  },
  "/store-settings": {
    load: () => import("@/features/store-settings/store-settings-page"),
    signedIn: true,
  },
  "/subscription": { load: () => import("./seller-area"), signedIn: true },
  "/admin-controls": {
    load: () => import("@/features/admin-controls/admin-controls-page"),
    signedIn: true,
  },
} satisfies Partial<Record<PagePath, PageLoader>>;

export type LazyPagePath = keyof typeof PAGE_LOADERS;
