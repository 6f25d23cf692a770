import { toastError } from "./error-toast";
import { toast } from "./toast";

/** Copies a text and says "Copied!" (spec 000 §8); where the browser refuses, says how to copy `what` by hand. */
export async function copyToClipboard(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: "Copied!" });
  } catch {
    toastError(null, `Could not copy. Please select ${what} and copy it manually.`);
  }
}
