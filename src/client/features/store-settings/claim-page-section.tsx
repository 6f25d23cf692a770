import type { CurrentUser } from "@contract/auth";
import type { Tier } from "@contract/plans";
import { SparklesIcon } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ClaimPageEditor } from "./claim-page-editor";

export function ClaimPageSection({ user, tier }: { user: CurrentUser; tier: Tier }) {
  return (
    <Card aria-labelledby="claim-page-customization-title" role="region">
      <CardHeader>
        <CardTitle id="claim-page-customization-title">Claim Page Customization</CardTitle>
        <CardDescription>Give the page your buyers claim their items on your store's look.</CardDescription>
      </CardHeader>
      <CardContent>
        {tier === "pro" ? (
          <ClaimPageEditor saved={user.customClaimPageStyle} />
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-10 text-center">
            <SparklesIcon className="size-8 text-primary" aria-hidden="true" />
            <p className="font-medium">Custom claim page styling is a Pro feature</p>
            <p className="max-w-sm text-sm text-muted-foreground">
              Upgrade to Pro to set your own colours, logo and texts on the page your buyers claim their items
              on.
            </p>
            <Button asChild>
              <Link href="/subscription">Upgrade to Pro</Link>
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
