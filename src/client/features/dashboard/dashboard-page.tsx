import { PageHeader } from "@/components/page-header";

export function DashboardPage() {
  return (
    <PageHeader title="Dashboard" description="Your sales, listings, inventory and orders at a glance." />
  );
}
