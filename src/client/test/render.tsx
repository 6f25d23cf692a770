import type { CurrentUser } from "@contract/auth";
import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { Toaster } from "@/components/ui/toaster";
import { TooltipProvider } from "@/components/ui/tooltip";
import { AuthProvider, CURRENT_USER_KEY } from "@/lib/auth";
import { createQueryClient } from "@/lib/query-client";
import { ThemeProvider } from "@/lib/theme-provider";

/**
 * Renders a piece of the app with the providers the app gives it (theme, query client with the app's defaults,
 * auth, tooltips, the toaster). The signed-in user is already known, as after the app's first session call.
 */
export function renderWithApp(ui: ReactElement, { user = null }: { user?: CurrentUser | null } = {}) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  const view = render(
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <TooltipProvider>
            {ui}
            <Toaster />
          </TooltipProvider>
        </AuthProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...view, user: userEvent.setup(), queryClient };
}
