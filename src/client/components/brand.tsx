import { PackageCheckIcon } from "lucide-react";
import { cn } from "@/lib/utils";

export const PRODUCT_NAME = "Autodrop";

/** The product mark and name. */
export function Brand({ className, showName = true }: { className?: string; showName?: boolean }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-bold tracking-tight", className)}>
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <PackageCheckIcon className="size-5" aria-hidden="true" />
      </span>
      {showName ? (
        <span className="text-lg">{PRODUCT_NAME}</span>
      ) : (
        <span className="sr-only">{PRODUCT_NAME}</span>
      )}
    </span>
  );
}
