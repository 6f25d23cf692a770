import { ordersEndpoints } from "@contract/endpoints/orders";
import type { SellerOrder } from "@contract/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { RotateCcwIcon, XCircleIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { api } from "@/lib/api";
import { toastError } from "@/lib/error-toast";
import { queryKeyOf } from "@/lib/queries";
import { toast } from "@/lib/toast";

/** Retry or cancel an order, then the list again (its pages hold the order). */
function useOrderAction(order: SellerOrder, action: "retry" | "cancel", done: string, failed: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(ordersEndpoints[action], { params: { id: order.id } }),
    onSuccess: async () => {
      toast({ title: "Success", description: done });
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(ordersEndpoints.list) });
    },
    onError: (err) => toastError(err, failed),
  });
}

/** A failed order tried again against the current stock (it also happens on its own after a restock). */
export function RetryOrderButton({ order }: { order: SellerOrder }) {
  const retry = useOrderAction(order, "retry", "The order has its items now.", "Failed to retry the order");
  return (
    <Button variant="outline" size="sm" disabled={retry.isPending} onClick={() => retry.mutate()}>
      <RotateCcwIcon aria-hidden="true" />
      Retry
    </Button>
  );
}

/** Cancelling gives the reserved items back and stops the claim; it asks first. */
export function CancelOrderButton({ order, label }: { order: SellerOrder; label: string }) {
  const [open, setOpen] = useState(false);
  const cancel = useOrderAction(order, "cancel", "The order was cancelled.", "Failed to cancel the order");
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <XCircleIcon aria-hidden="true" />
          Cancel order
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Cancel {label}?</DialogTitle>
          <DialogDescription>
            The buyer will no longer be able to claim it, and any reserved items go back to your inventory.
            Refund the buyer yourself if they paid.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep order</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(undefined, { onSuccess: () => setOpen(false) })}
          >
            Cancel order
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
