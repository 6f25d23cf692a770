import "./claim.css";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { LazyToaster } from "@/components/ui/lazy-toaster";
import { ClaimPage } from "@/features/claim/claim-page";
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

createRoot(root).render(
  <StrictMode>
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <ClaimPage />
        <LazyToaster />
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);
