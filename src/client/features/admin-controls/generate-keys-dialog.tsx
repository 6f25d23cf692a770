import { subscriptionsEndpoints } from "@contract/endpoints/subscriptions";
import type { PaidTier } from "@contract/plans";
import type { AdminSubscriptionKey } from "@contract/subscription-keys";
import { TIER_NAMES } from "@contract/subscriptions";
import { CopyIcon, DownloadIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogForm,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { api } from "@/lib/api";
import { copyToClipboard } from "@/lib/clipboard";
import { toastError } from "@/lib/error-toast";
import { keyCountProblem, keysAsText, keysFileName, wholeNumber } from "./admin-forms";
import { Field } from "./admin-table";
import { useAdminMutation } from "./api/admin";

function downloadText(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Generate Keys (spec 001 §5: 1 to 100 of basic or pro); the new keys are shown in full with Copy All and Download. */
export function GenerateKeysDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [tier, setTier] = useState<PaidTier>("pro");
  const [count, setCount] = useState("10");
  const [issued, setIssued] = useState<AdminSubscriptionKey[] | null>(null);
  const problem = keyCountProblem(count);
  const generate = useAdminMutation({
    request: (body: { tier: PaidTier; count: number }) => api(subscriptionsEndpoints.generateKeys, { body }),
    success: (keys, body) =>
      `Generated ${keys.length} ${TIER_NAMES[body.tier]} ${keys.length === 1 ? "key" : "keys"}`,
    fallback: "Failed to generate keys",
    refresh: [subscriptionsEndpoints.adminKeys],
    onDone: setIssued,
  });
  const close = (next: boolean) => {
    if (!next) setIssued(null);
    onOpenChange(next);
  };
  const text = issued ? keysAsText(issued) : "";

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        {issued ? (
          <>
            <DialogHeader>
              <DialogTitle>New {TIER_NAMES[issued[0]?.tier ?? tier]} Keys</DialogTitle>
              <DialogDescription>
                {issued.length} {issued.length === 1 ? "key" : "keys"}, each adds 30 days. Copy them now or
                download them; the Subscription Keys tab lists them too.
              </DialogDescription>
            </DialogHeader>
            <Textarea
              readOnly
              aria-label="Generated keys"
              value={text}
              rows={Math.min(issued.length, 8)}
              className="font-mono text-xs"
              data-testid="generated-keys"
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => void copyToClipboard(text, "the keys")}>
                <CopyIcon aria-hidden="true" /> Copy All
              </Button>
              <Button
                type="button"
                variant="outline"
                onClick={() => downloadText(text, keysFileName(tier, new Date()))}
              >
                <DownloadIcon aria-hidden="true" /> Download
              </Button>
              <Button type="button" onClick={() => close(false)}>
                Done
              </Button>
            </DialogFooter>
          </>
        ) : (
          <DialogForm
            pending={generate.isPending}
            onSubmit={() => {
              const n = wholeNumber(count);
              if (problem || n === null) return toastError(null, problem ?? undefined);
              generate.mutate({ tier, count: n });
            }}
          >
            <DialogHeader>
              <DialogTitle>Generate Keys</DialogTitle>
              <DialogDescription>
                Subscription keys a seller activates on the Subscription page.
              </DialogDescription>
            </DialogHeader>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Field id={`${id}-tier`} label="Tier">
                <Select value={tier} onValueChange={(v) => setTier(v as PaidTier)}>
                  <SelectTrigger id={`${id}-tier`} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="basic">Basic</SelectItem>
                    <SelectItem value="pro">Pro</SelectItem>
                  </SelectContent>
                </Select>
              </Field>
              <Field id={`${id}-count`} label="Number of keys" problem={problem} hint="From 1 to 100">
                <Input
                  id={`${id}-count`}
                  inputMode="numeric"
                  value={count}
                  onChange={(e) => setCount(e.target.value)}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={`${id}-count-hint`}
                />
              </Field>
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={generate.isPending || Boolean(problem)}>
                Generate
              </Button>
            </DialogFooter>
          </DialogForm>
        )}
      </DialogContent>
    </Dialog>
  );
}
