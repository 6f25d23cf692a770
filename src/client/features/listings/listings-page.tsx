import { PageHeader } from "@/components/page-header";

export function ListingsPage() {
  return <PageHeader title="Listings" description="The Shopify listings linked to your inventory." />;
}
