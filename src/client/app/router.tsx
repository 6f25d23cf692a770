import { lazy, Suspense, useEffect } from "react";
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter, useSearch } from "wouter";
import { FullScreenSpinner, Spinner } from "@/components/ui/spinner";
import { LandingPage } from "@/features/landing/landing-page";
import { NotFoundPage } from "@/features/not-found/not-found-page";
import { useAuth } from "@/lib/auth";
import { showsClaimAtRoot } from "@/lib/claim-host";
import { ADMIN_ROUTES, type AppRoute, ClaimPage, PUBLIC_ROUTES, SELLER_ROUTES } from "./routes";
import { SessionError } from "./session-error";

const loadAppShell = () => import("./shell/app-shell");
const AppShell = lazy(async () => ({ default: (await loadAppShell()).AppShell }));
const PRIVATE_ROUTES = [...SELLER_ROUTES, ...ADMIN_ROUTES];

/**
 * Starts fetching the chunks of the page being opened (and the shell around a signed-in page) at start, while the
 * session is asked for, instead of one after the other once it answers: on a slow phone link each was a round trip
 * and a download in a row before the page could ask for its data.
 */
export function preloadPage(pathname: string): void {
  const matches = (route: AppRoute) =>
    new RegExp(`^${route.path.replace(/:[^/]+/g, "[^/]+")}/?$`).test(pathname);
  const privateRoute = PRIVATE_ROUTES.find(matches);
  const route = privateRoute ?? PUBLIC_ROUTES.find(matches);
  if (privateRoute) void loadAppShell();
  if (route) void route.load();
}

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
  const claimAtRoot = isRoot && !user && showsClaimAtRoot(window.location.hostname, search);

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
