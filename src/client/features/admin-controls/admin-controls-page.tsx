import { PageHeader } from "@/components/page-header";

export function AdminControlsPage() {
  return (
    <PageHeader
      title="Admin Controls"
      description="Users, items, keys, discount codes, bots and game rules."
    />
  );
}
