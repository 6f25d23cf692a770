import "./claim.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { captureClaim } from "@/features/claim/access";
import { prefetchClaim } from "@/features/claim/api/claim";
import { ClaimPage, sessionStore } from "@/features/claim/claim-page";
import { queryClient } from "@/lib/query-client";
import { applyTheme, readStoredTheme, resolveTheme } from "@/lib/theme";
import { ThemeProvider } from "@/lib/theme-provider";

/**
 * The buyer's claim page as its own entry (claim.html, decision 052): opened on phones by every buyer, it loads
 * none of the app shell, session, charts or seller screens. The server answers the /claim paths with it.
 */
const root = document.getElementById("root");
if (!root) throw new Error("claim.html has no #root element");

// The stored theme applies before the first render (index.html does this with a blocking script, one request more).
applyTheme(
  resolveTheme(readStoredTheme(), window.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false),
);
document.title = "Claim Your Order · Autodrop";

// The first render waits up to FIRST_RENDER_WAIT_MS for the configuration and the order (they were started with the
// page, decision 060, and have usually answered by now), so the buyer sees the order at once rather than a spinner
// for a moment. A preloaded answer still takes a few tasks to reach the page, more than a frame on a slow phone.
// Not a top-level await: with one, the bundler splits the entry's modules into several chunks.
const FIRST_RENDER_WAIT_MS = 300;
const claim = captureClaim(window.location, sessionStore()).claim;
void Promise.race([
  prefetchClaim(queryClient, claim?.access ?? null),
  new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <ThemeProvider>
        <QueryClientProvider client={queryClient}>
          <ClaimPage />
          <LazyToaster />
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>,
  ),
);
