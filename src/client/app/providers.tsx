import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { matchRoute, useLocation, useRouter } from "wouter";
import { Toaster } from "@/components/ui/toaster";
import { TooltipProvider } from "@/components/ui/tooltip";
import { AuthProvider } from "@/lib/auth";
import { queryClient } from "@/lib/query-client";
import { ThemeProvider } from "@/lib/theme-provider";
import { PUBLIC_ROUTES } from "./routes";

const SESSIONLESS_PATHS = PUBLIC_ROUTES.filter((route) => route.sessionless).map((route) => route.path);

/** Whether the page at the current path reads the session; signed out, the session call is a 401 in the console. */
function useNeedsSession(): boolean {
  const [location] = useLocation();
  const { parser } = useRouter();
  return !SESSIONLESS_PATHS.some((path) => matchRoute(parser, path, location)[0]);
}

export function Providers({ children }: { children: ReactNode }) {
  const needsSession = useNeedsSession();
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider enabled={needsSession}>
          <TooltipProvider>
            {children}
            <Toaster />
          </TooltipProvider>
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>
  );
}
