import { ArrowLeftRightIcon } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { cn } from "@/lib/utils";

/**
 * A region (a wide table) that scrolls sideways when the screen is narrower than it, and says so: the hidden side
 * fades out and a line below reads "Scroll sideways to see more", so columns past the edge are not missed on a
 * phone. It takes focus so a keyboard can scroll it (WCAG 2.1.1).
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const [hidden, setHidden] = useState({ start: false, end: false });
  useEffect(() => {
    const region = ref.current;
    if (!region) return;
    const update = () =>
      setHidden({
        start: region.scrollLeft > 1,
        end: region.scrollLeft + region.clientWidth < region.scrollWidth - 1,
      });
    update();
    region.addEventListener("scroll", update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(region);
    for (const child of region.children) resize.observe(child);
    return () => {
      region.removeEventListener("scroll", update);
      resize.disconnect();
    };
  }, []);
  const fade = "pointer-events-none absolute inset-y-px w-8 from-background to-transparent";
  return (
    <div className="grid min-w-0 gap-1">
      <div className="relative min-w-0">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1) */}
        <section ref={ref} className={cn("overflow-x-auto", className)} tabIndex={0} aria-label={label}>
          {children}
        </section>
        {hidden.start && (
          <div aria-hidden="true" className={cn(fade, "left-px rounded-l-xl bg-linear-to-r")} />
        )}
        {hidden.end && (
          <div aria-hidden="true" className={cn(fade, "right-px rounded-r-xl bg-linear-to-l")} />
        )}
      </div>
      {(hidden.start || hidden.end) && (
        <p data-scroll-cue className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <ArrowLeftRightIcon className="size-3.5" aria-hidden="true" />
          Scroll sideways to see more
        </p>
      )}
    </div>
  );
}
