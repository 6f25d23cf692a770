import { GENERIC_ERROR, normalizeError } from "@/lib/normalize-error";
import { toast } from "@/lib/toast";

/** A red toast with the server's error, or the spec's fallback when there is nothing better to say (spec 000 §8). */
export function toastError(err: unknown, fallback: string): void {
  const message = normalizeError(err);
  toast({
    title: "Error",
    description: message === GENERIC_ERROR ? fallback : message,
    variant: "destructive",
  });
}
