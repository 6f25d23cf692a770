import type { CurrentUser } from "@contract/auth";
import type { ReactNode } from "react";
import { ThemeToggle } from "@/components/theme-toggle";
import { TooltipProvider } from "@/components/ui/tooltip";
import { useLiveUpdates } from "@/lib/live-updates";
import { MobileNav } from "./mobile-nav";
import { SetupWizardSlot } from "./setup-wizard-slot";
import { Sidebar } from "./sidebar";
import { UserMenu } from "./user-menu";

/** The signed-in layout: sidebar or drawer, header, the current screen, and the setup wizard. */
export function AppShell({ user, children }: { user: CurrentUser; children: ReactNode }) {
  useLiveUpdates(true);
  // Only the shell's navigation has tooltips; the provider lives here so pages outside it load no tooltip code.
  return (
    <TooltipProvider>
      <div className="flex min-h-dvh">
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus:rounded-md focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-foreground"
        >
          Skip to content
        </a>
        <Sidebar isAdmin={user.isAdmin} />
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b bg-background/80 px-4 backdrop-blur sm:px-6">
            <MobileNav isAdmin={user.isAdmin} />
            <div className="flex-1" />
            <ThemeToggle />
            <UserMenu user={user} />
          </header>
          <main id="main-content" tabIndex={-1} className="flex-1 space-y-6 p-4 outline-none sm:p-6 lg:p-8">
            {children}
          </main>
        </div>
        <SetupWizardSlot user={user} />
      </div>
    </TooltipProvider>
  );
}
