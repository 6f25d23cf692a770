import { PageHeader } from "@/components/page-header";

export function InventoryPage() {
  return <PageHeader title="Inventory" description="Deposit, withdraw and link the items your bots hold." />;
}
