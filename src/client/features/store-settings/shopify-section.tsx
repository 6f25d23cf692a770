import { shopifyEndpoints } from "@contract/endpoints/shopify";
import { SHOPIFY_TEXTS } from "@contract/shopify";
import { useMutation } from "@tanstack/react-query";
import { CircleAlertIcon, RefreshCwIcon, ShoppingBagIcon, WrenchIcon } from "lucide-react";
import { storeInstallTarget } from "@/components/store-connect";
import { StoreConnectForm } from "@/components/store-connect-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { api } from "@/lib/api";
import { toastError } from "@/lib/error-toast";
import { toast } from "@/lib/toast";

/** `accessRefused`: Shopify refused the stored tokens (decision 033), and only a reinstall brings them back. */
function ConnectedStore({ shopifyStore, accessRefused }: { shopifyStore: string; accessRefused: boolean }) {
  const reconnect = useMutation({
    mutationFn: () => api(shopifyEndpoints.reconnect),
    onSuccess: () => toast({ title: "Success", description: SHOPIFY_TEXTS.webhooksConfigured }),
    onError: (err) => toastError(err, "Failed to reconnect"),
  });

  const reinstall = () => {
    const target = storeInstallTarget(shopifyStore, "reinstall");
    if (target.url) window.location.assign(target.url);
  };

  return (
    <>
      <CardContent className="grid gap-4">
        {accessRefused && (
          <Alert variant="destructive">
            <CircleAlertIcon aria-hidden="true" />
            <AlertDescription>
              <p>
                {SHOPIFY_TEXTS.reinstallNeeded} Until then your listings' stock is not synced to your store,
                but its orders still arrive.
              </p>
            </AlertDescription>
          </Alert>
        )}
        <div className="flex flex-wrap items-center gap-3 rounded-lg border p-4">
          <ShoppingBagIcon className="size-5 text-primary" aria-hidden="true" />
          <div className="grid gap-0.5">
            <span className="text-xs text-muted-foreground">Connected store</span>
            <span className="font-medium break-all" data-testid="connected-store">
              {shopifyStore}
            </span>
          </div>
          <Badge variant={accessRefused ? "destructive" : "success"} className="ml-auto">
            {accessRefused ? "Reinstall needed" : "Connected"}
          </Badge>
        </div>
        <p className="text-sm text-muted-foreground">
          Reconnect registers the order webhooks with Shopify again. Reinstall asks Shopify for fresh
          permissions, including inventory and fulfillment, so your listings' stock shows in your store and
          delivered orders are marked fulfilled.
        </p>
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        <Button variant="outline" onClick={() => reconnect.mutate()} disabled={reconnect.isPending}>
          <RefreshCwIcon aria-hidden="true" className={reconnect.isPending ? "animate-spin" : undefined} />
          {reconnect.isPending ? "Reconnecting..." : "Reconnect"}
        </Button>
        <Button variant={accessRefused ? "default" : "outline"} onClick={reinstall}>
          <WrenchIcon aria-hidden="true" />
          Reinstall
        </Button>
      </CardFooter>
    </>
  );
}

export function ShopifySection({
  shopifyStore,
  accessRefused,
}: {
  shopifyStore: string | null;
  accessRefused: boolean;
}) {
  return (
    <Card aria-labelledby="shopify-integration-title" role="region">
      <CardHeader>
        <CardTitle id="shopify-integration-title">Shopify Integration</CardTitle>
        <CardDescription>
          {shopifyStore
            ? "Orders placed in your store are delivered automatically."
            : "Connect your Shopify store to deliver its orders automatically."}
        </CardDescription>
      </CardHeader>
      {shopifyStore ? (
        <ConnectedStore shopifyStore={shopifyStore} accessRefused={accessRefused} />
      ) : (
        <CardContent>
          <StoreConnectForm purpose="reconnect" />
        </CardContent>
      )}
    </Card>
  );
}
