import { CopyIcon, ExternalLinkIcon, LinkIcon, MailIcon } from "lucide-react";
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
import type { ClaimLinkEmail } from "./orders";

/**
 * An order's claim link (an API order's, or a store order's for a buyer who lost it), to copy or open (spec 000 §2),
 * and to e-mail to the buyer from the seller's own mail app while the order can be claimed.
 */
export function ClaimUrlDialog({ claimUrl, email }: { claimUrl: string; email: ClaimLinkEmail | null }) {
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
          {email && (
            <p className="text-sm text-muted-foreground">
              Autodrop does not e-mail buyers: Email buyer opens your own mail app with this link written to{" "}
              <span className="break-all text-foreground">{email.to}</span>.
            </p>
          )}
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
          {email && (
            <Button asChild variant="outline">
              <a href={email.href}>
                <MailIcon aria-hidden="true" />
                Email buyer
              </a>
            </Button>
          )}
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
