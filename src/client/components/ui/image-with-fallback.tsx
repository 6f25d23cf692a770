import { ImageOffIcon } from "lucide-react";
import { type ComponentProps, useState } from "react";
import { cn } from "@/lib/utils";

/**
 * An image that shows a neutral placeholder when it is missing or fails to load (spec 000 §8). The placeholder
 * keeps the image's box, so a grid does not jump.
 */
export function ImageWithFallback({
  src,
  alt,
  className,
  ...props
}: Omit<ComponentProps<"img">, "src"> & { src?: string | null }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <div
        data-slot="image-placeholder"
        className={cn("flex items-center justify-center bg-muted text-muted-foreground", className)}
      >
        <ImageOffIcon className="size-1/3 max-h-10 max-w-10" aria-hidden="true" />
        {alt && <span className="sr-only">{alt}</span>}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={className}
      {...props}
    />
  );
}
