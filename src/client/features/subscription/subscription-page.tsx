import { PageHeader } from "@/components/page-header";

export function SubscriptionPage() {
  return <PageHeader title="My Subscription" description="Your plan, its limits and payments." />;
}
