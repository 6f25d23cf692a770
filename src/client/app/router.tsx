import { showsClaimAtRoot } from "@contract/claim-host";
import { lazy, Suspense, useEffect } from "react";
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter, useSearch } from "wouter";
import { FullScreenSpinner, Spinner } from "@/components/ui/spinner";
import { LandingPage } from "@/features/landing/landing-page";
import { NotFoundPage } from "@/features/not-found/not-found-page";
import { useAuth } from "@/lib/auth";
import { loadAppShell } from "./page-loaders";
import { ADMIN_ROUTES, type AppRoute, ClaimPage, PUBLIC_ROUTES, SELLER_ROUTES } from "./routes";
import { SessionError } from "./session-error";

const AppShell = lazy(async () => ({ default: (await loadAppShell()).AppShell }));
const PRIVATE_ROUTES = [...SELLER_ROUTES, ...ADMIN_ROUTES];

function useDocumentTitle(title: string | null) {
  useEffect(() => {
    document.title = title ? `${title} · Autodrop` : "Autodrop";
  }, [title]);
}

function useScrollToTopOnNavigation(location: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation, which location stands for
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
}

function RouteSwitch({ routes }: { routes: AppRoute[] }) {
  return (
    <Switch>
      {routes.map(({ path, page }) => (
        <Route key={path} path={path} component={page} />
      ))}
    </Switch>
  );
}

/** The route table of spec 000 §2, with the session deciding between public, seller and admin screens. */
export function AppRouter() {
  const [location] = useLocation();
  const search = useSearch();
  const { parser } = useRouter();
  const { user, isLoading, error, refreshUser } = useAuth();

  const find = (routes: AppRoute[]) => routes.find((route) => matchRoute(parser, route.path, location)[0]);
  const signedInRoutes = user?.isAdmin ? PRIVATE_ROUTES : SELLER_ROUTES;
  // Signed out, every private path (admin included) leads to login; signed in, admin paths exist only for admins.
  const privateRoute = find(user ? signedInRoutes : PRIVATE_ROUTES);
  const publicRoute = find(PUBLIC_ROUTES);
  const isRoot = matchRoute(parser, "/", location)[0];
  // The build's prerender of "/" has no window; the server sends it only where "/" is the landing page.
  const hostname = typeof window === "undefined" ? "" : window.location.hostname;
  const claimAtRoot = isRoot && !user && showsClaimAtRoot(hostname, search);

  useDocumentTitle(
    privateRoute?.title ??
      publicRoute?.title ??
      (claimAtRoot ? "Claim Your Order" : isRoot ? null : "Page Not Found"),
  );
  useScrollToTopOnNavigation(location);

  if (isLoading) return <FullScreenSpinner />;

  if (privateRoute) {
    if (!user) {
      return error ? (
        <SessionError error={error} onRetry={() => void refreshUser()} />
      ) : (
        <Redirect to="/login" replace />
      );
    }
    return (
      <Suspense fallback={<FullScreenSpinner />}>
        <AppShell user={user}>
          <Suspense
            fallback={
              <div className="flex justify-center py-24">
                <Spinner className="size-8" />
              </div>
            }
          >
            <RouteSwitch routes={signedInRoutes} />
          </Suspense>
        </AppShell>
      </Suspense>
    );
  }

  if (isRoot) {
    if (user) return <Redirect to={search ? `/dashboard?${search}` : "/dashboard"} replace />;
    if (!claimAtRoot) return <LandingPage />;
  }
  if (user && publicRoute?.path === "/login") return <Redirect to="/dashboard" replace />;

  return (
    <Suspense fallback={<FullScreenSpinner />}>
      {claimAtRoot ? <ClaimPage /> : publicRoute ? <RouteSwitch routes={PUBLIC_ROUTES} /> : <NotFoundPage />}
    </Suspense>
  );
}
