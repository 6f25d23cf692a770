import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { matchRoute, useLocation, useRouter } from "wouter";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { AuthProvider, hasSignedInHint } from "@/lib/auth";
import { queryClient } from "@/lib/query-client";
import { ThemeProvider } from "@/lib/theme-provider";
import { ADMIN_ROUTES, PUBLIC_ROUTES, SELLER_ROUTES } from "./routes";

const SESSIONLESS_PATHS = PUBLIC_ROUTES.filter((route) => route.sessionless).map((route) => route.path);
const PRIVATE_PATHS = [...SELLER_ROUTES, ...ADMIN_ROUTES].map((route) => route.path);

/**
 * Whether to ask the server who the visitor is (signed out, the answer is a 401 in the console). Never on a page
 * that reads no session; on a signed-in screen always; elsewhere (the landing page, login, not found, which only
 * send a signed-in user on) only when this browser holds the signed-in hint (decision 048).
 */
function useNeedsSession(): boolean {
  const [location] = useLocation();
  const { parser } = useRouter();
  const matches = (path: string) => matchRoute(parser, path, location)[0];
  if (SESSIONLESS_PATHS.some(matches)) return false;
  return PRIVATE_PATHS.some(matches) || hasSignedInHint();
}

export function Providers({ children }: { children: ReactNode }) {
  const needsSession = useNeedsSession();
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider enabled={needsSession}>
          {children}
          {/* Radix's toast comes with the first toast, not with every page's first load. */}
          <LazyToaster />
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
