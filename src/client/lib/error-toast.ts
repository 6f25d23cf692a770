import { GENERIC_ERROR, normalizeError } from "./normalize-error";
import { toast } from "./toast";

/**
 * Spec 000 §8: a red toast shows the server's error, or the action's own fallback text when there is nothing more
 * specific to say than the generic sentence.
 */
export function errorText(err: unknown, fallback?: string): string {
  const text = normalizeError(err);
  return fallback && text === GENERIC_ERROR ? fallback : text;
}

/** The destructive toast titled Error, for a failed call (with its fallback) or a client-side validation text. */
export function toastError(err: unknown, fallback?: string): void {
  toast({ title: "Error", description: errorText(err, fallback), variant: "destructive" });
}
