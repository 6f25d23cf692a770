import { PageHeader } from "@/components/page-header";

export function OrdersPage() {
  return <PageHeader title="Orders" description="Orders from your Shopify store and your API integration." />;
}
