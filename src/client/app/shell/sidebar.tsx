import { PanelLeftCloseIcon, PanelLeftOpenIcon } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Brand } from "@/components/brand";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { NavList } from "./nav-list";

const COLLAPSED_KEY = "autodrop-sidebar-collapsed";

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(COLLAPSED_KEY) === "true";
  } catch {
    return false;
  }
}

/** Large screens only: a sidebar that collapses to icons (the choice is remembered). */
export function Sidebar({ isAdmin }: { isAdmin: boolean }) {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = () => {
    setCollapsed((current) => {
      try {
        window.localStorage.setItem(COLLAPSED_KEY, String(!current));
      } catch {
        // Not remembered when storage is unavailable.
      }
      return !current;
    });
  };

  // The border and background belong to a column as tall as the page, so they run to its end on a long page;
  // the sidebar itself stays in view inside it.
  return (
    <div
      data-testid="sidebar-column"
      className="hidden shrink-0 border-r border-sidebar-border bg-sidebar text-sidebar-foreground lg:block"
    >
      <aside
        id="app-sidebar"
        className={cn(
          "sticky top-0 flex h-dvh flex-col transition-[width] duration-200",
          collapsed ? "w-16" : "w-64",
        )}
      >
        <div
          className={cn(
            "flex h-16 items-center border-b border-sidebar-border px-4",
            collapsed && "justify-center px-2",
          )}
        >
          <Link
            href="/dashboard"
            aria-label="Autodrop dashboard"
            className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-sidebar-ring/60"
          >
            <Brand showName={!collapsed} />
          </Link>
        </div>
        <div className={cn("flex-1 overflow-y-auto py-4", collapsed ? "px-2" : "px-3")}>
          <NavList isAdmin={isAdmin} collapsed={collapsed} />
        </div>
        <div className={cn("border-t border-sidebar-border p-3", collapsed && "flex justify-center px-2")}>
          <Button
            variant="ghost"
            size={collapsed ? "icon" : "sm"}
            className={cn(!collapsed && "w-full justify-start")}
            onClick={toggle}
            aria-expanded={!collapsed}
            aria-controls="app-sidebar"
            aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
          >
            {collapsed ? <PanelLeftOpenIcon aria-hidden="true" /> : <PanelLeftCloseIcon aria-hidden="true" />}
            {!collapsed && <span>Collapse</span>}
          </Button>
        </div>
      </aside>
    </div>
  );
}
