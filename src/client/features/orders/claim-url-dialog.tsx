import { CopyIcon, ExternalLinkIcon, LinkIcon } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { copyToClipboard } from "@/lib/clipboard";

/** An order's claim link (an API order's, or a store order's for a buyer who lost it), to copy or open (spec 000 §2). */
export function ClaimUrlDialog({ claimUrl }: { claimUrl: string }) {
  const inputId = useId();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <LinkIcon aria-hidden="true" />
          View Claim URL
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Claim URL</DialogTitle>
          <DialogDescription>Send this link to the buyer so they can claim their items.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={inputId}>Claim URL</Label>
          <Input
            id={inputId}
            readOnly
            value={claimUrl}
            className="font-mono text-xs"
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => copyToClipboard(claimUrl, "the link")}>
            <CopyIcon aria-hidden="true" />
            Copy
          </Button>
          <Button asChild>
            <a href={claimUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLinkIcon aria-hidden="true" />
              Open
            </a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
