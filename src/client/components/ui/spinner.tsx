import { Loader2Icon } from "lucide-react";
import { cn } from "@/lib/utils";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <Loader2Icon className={cn("size-6 animate-spin text-primary", className)} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Shown while the session (or a lazily loaded screen) is loading. */
export function FullScreenSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-background">
      <Spinner className="size-10" />
    </div>
  );
}
