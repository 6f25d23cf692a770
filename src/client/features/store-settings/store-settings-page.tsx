import { PageHeader } from "@/components/page-header";

export function StoreSettingsPage() {
  return (
    <PageHeader title="Store Settings" description="Shopify, Discord notifications and your claim page." />
  );
}
