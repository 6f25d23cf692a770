import { paymentsEndpoints } from "@contract/endpoints/payments";
import { subscriptionsEndpoints } from "@contract/endpoints/subscriptions";
import { KEY_TEXTS } from "@contract/subscriptions";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { toastError } from "@/lib/error-toast";
import { endpointQuery, queryKeyOf } from "@/lib/queries";
import { toast } from "@/lib/toast";
import { isPolledStep, POLL_INTERVAL_MS, type PurchaseStep } from "../purchase-machine";

export const USER_INVOICES_KEY = queryKeyOf(paymentsEndpoints.userInvoices);

export function useUserInvoices() {
  return useQuery(endpointQuery(paymentsEndpoints.userInvoices));
}

/** The open invoice, polled every 5 s while the wizard shows step 4, 5 or 7 (spec 001 §4), and not otherwise. */
export function useInvoicePolling(txnId: string | null, step: PurchaseStep) {
  const polled = txnId !== null && isPolledStep(step);
  return useQuery({
    ...endpointQuery(paymentsEndpoints.invoice, { params: { txnId: txnId ?? "" } }),
    enabled: polled,
    refetchInterval: polled ? POLL_INTERVAL_MS : false,
    staleTime: 0,
  });
}

/** Key activation on the Subscription page and in the wizard's plan step (spec 001 §8's toasts). */
export function useActivateKey(onActivated?: () => void) {
  const { refreshUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => api(subscriptionsEndpoints.useKey, { body: { key } }),
    onSuccess: async () => {
      toast({ title: "Success", description: KEY_TEXTS.activated });
      onActivated?.();
      await Promise.all([refreshUser(), queryClient.invalidateQueries({ queryKey: USER_INVOICES_KEY })]);
    },
    onError: (err) => toastError(err, KEY_TEXTS.activateFailed),
  });
}
