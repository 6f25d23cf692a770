import { lazy, Suspense, useState } from "react";
import { useToast } from "@/lib/toast";

const Toaster = lazy(async () => ({ default: (await import("./toaster")).Toaster }));

/**
 * The Toaster, fetched with the first toast: Radix's toast (and the layers it brings) stays out of a page's first
 * load where toasts are rare. Once shown it stays mounted, so later toasts appear at once.
 */
export function LazyToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
