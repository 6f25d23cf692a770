import { CopyIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { copyToClipboard } from "@/lib/clipboard";

/** An icon button that copies a text (the bot's username, the verification phrase, the webhook URL). */
export function CopyButton({
  text,
  label,
  what = "the text",
  variant = "outline",
}: {
  text: string;
  /** The button's accessible name, e.g. "Copy bot username". */
  label: string;
  /** What the user selects by hand when the browser refuses to copy. */
  what?: string;
  variant?: "outline" | "ghost";
}) {
  return (
    <Button
      type="button"
      variant={variant}
      size="icon"
      aria-label={label}
      onClick={() => void copyToClipboard(text, what)}
    >
      <CopyIcon aria-hidden="true" />
    </Button>
  );
}
