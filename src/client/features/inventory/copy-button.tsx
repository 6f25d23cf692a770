import { CopyIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toastError } from "@/lib/error-toast";
import { toast } from "@/lib/toast";

/** Copies a text to the clipboard and says "Copied!" (spec 000 §8). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: "Copied!" });
    } catch {
      toastError(null, "Could not copy. Please select the text and copy it manually.");
    }
  };
  return (
    <Button type="button" variant="outline" size="icon" aria-label={label} onClick={() => void copy()}>
      <CopyIcon aria-hidden="true" />
    </Button>
  );
}
