import { type InstallPurpose, SHOP_SUFFIX } from "@contract/shopify";
import { type ReactNode, useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { InputWithSuffix } from "@/components/ui/input-group";
import { Label } from "@/components/ui/label";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { storeInstallTarget } from "./store-connect";

/**
 * The Store Domain field and its Connect Shopify Store button (the setup wizard and Store Settings share the rules
 * of spec 000 §5). Connecting leaves the app for the store's authorize page, so "Connecting..." stays until then.
 */
export function StoreConnectForm({
  purpose,
  actions,
  className,
}: {
  purpose: InstallPurpose;
  /** Buttons shown before Connect (the wizard's Back and Skip for now). */
  actions?: ReactNode;
  className?: string;
}) {
  const inputId = useId();
  const hintId = useId();
  const [domain, setDomain] = useState("");
  const [connecting, setConnecting] = useState(false);

  // Coming back from the store with the browser's Back button restores this page from the cache: unlock it.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => event.persisted && setConnecting(false);
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  const connect = () => {
    if (connecting) return;
    const target = storeInstallTarget(domain, purpose);
    if (target.error !== undefined) {
      toast({ title: "Error", description: target.error, variant: "destructive" });
      return;
    }
    setConnecting(true);
    window.location.assign(target.url);
  };

  return (
    <form
      className={cn("grid gap-4", className)}
      onSubmit={(event) => {
        event.preventDefault();
        connect();
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor={inputId}>Store Domain</Label>
        <InputWithSuffix
          id={inputId}
          name="shop"
          suffix={SHOP_SUFFIX}
          placeholder="your-store"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-describedby={hintId}
          value={domain}
          onChange={(event) => setDomain(event.target.value)}
          onKeyDown={(event) => {
            // Enter submits even while the button is disabled, so a blank domain still gets its message.
            if (event.key === "Enter") {
              event.preventDefault();
              connect();
            }
          }}
          readOnly={connecting}
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          Enter your store name only; {SHOP_SUFFIX} is added for you.
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {actions}
        <Button type="submit" disabled={!domain.trim() || connecting}>
          {connecting ? "Connecting..." : "Connect Shopify Store"}
        </Button>
      </div>
    </form>
  );
}
