import { PageHeader } from "@/components/page-header";
import { useAuth } from "@/lib/auth";
import { activeTier } from "../../../contract/plans";
import { ClaimPageSection } from "./claim-page-section";
import { DiscordSection } from "./discord-section";
import { ShopifySection } from "./shopify-section";
import { WebhookSection } from "./webhook-section";

export function StoreSettingsPage() {
  const { user } = useAuth();
  if (!user) return null;
  const tier = activeTier(user);
  return (
    <>
      <PageHeader title="Store Settings" description="Shopify, Discord notifications and your claim page." />
      <div className="grid gap-6">
        <ShopifySection shopifyStore={user.shopifyStore} accessRefused={user.shopifyAccessRefused} />
        <DiscordSection user={user} tier={tier} />
        <ClaimPageSection user={user} tier={tier} />
        <WebhookSection />
      </div>
    </>
  );
}
