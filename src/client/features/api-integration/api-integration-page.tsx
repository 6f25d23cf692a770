import { PageHeader } from "@/components/page-header";

export function ApiIntegrationPage() {
  return (
    <PageHeader
      title="API Integration"
      description="Create and manage orders programmatically with your API key."
    />
  );
}
