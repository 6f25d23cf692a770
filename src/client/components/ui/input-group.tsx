import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";
import { Input } from "./input";

/** An input with a fixed text after it (e.g. the ".myshopify.com" of a store domain), drawn as one field. */
export function InputWithSuffix({
  suffix,
  className,
  ...props
}: ComponentProps<typeof Input> & { suffix: ReactNode }) {
  return (
    <div
      className={cn(
        "flex h-9 w-full items-stretch overflow-hidden rounded-md border border-input shadow-xs transition-[color,box-shadow] focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50 dark:bg-input/30",
        className,
      )}
    >
      <Input
        className="h-full rounded-none border-0 bg-transparent shadow-none focus-visible:ring-0 dark:bg-transparent"
        {...props}
      />
      <span className="flex items-center border-l bg-muted px-3 text-sm text-muted-foreground select-none">
        {suffix}
      </span>
    </div>
  );
}
