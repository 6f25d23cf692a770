import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

/** Shown once the store is connected: how to put the claim button on the store's checkout pages (spec 000 §2). */
export function ClaimButtonDialog({
  open,
  onOpenChange,
  shopifyStore,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  shopifyStore: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add the Claim Button to Your Store</DialogTitle>
          <DialogDescription>
            {shopifyStore} is connected. Add the claim button so buyers can claim their items right after
            checkout.
          </DialogDescription>
        </DialogHeader>
        <ol className="grid gap-4">
          {[
            <>
              Open your store admin, then go to <strong>Online Store</strong>, <strong>Themes</strong>,{" "}
              <strong>Customize</strong>.
            </>,
            <>
              Under <strong>Checkout and Customer Accounts</strong>, open the <strong>Thank you</strong> page
              and add the Autodrop claim button app block.
            </>,
            <>
              Add the button on the <strong>Order Status</strong> page too: the thank-you page shows only
              once, so buyers who come back later find it there.
            </>,
          ].map((text, i) => (
            <li key={i} className="flex gap-3 text-sm">
              <span
                aria-hidden="true"
                className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
              >
                {i + 1}
              </span>
              <span className="pt-0.5">
                <span className="sr-only">Step {i + 1}: </span>
                {text}
              </span>
            </li>
          ))}
        </ol>
        <DialogFooter>
          <DialogClose asChild>
            <Button>Got it</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
