import { ArrowLeftIcon } from "lucide-react";
import { Link } from "wouter";
import { Brand } from "@/components/brand";
import { PageHeader } from "@/components/page-header";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";

export function DocumentationPage() {
  return (
    <div className="min-h-dvh">
      <header className="border-b">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between px-4 sm:px-6">
          <Link href="/" aria-label="Autodrop home">
            <Brand />
          </Link>
          <ThemeToggle />
        </div>
      </header>
      <main className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6">
        <Button asChild variant="ghost" size="sm">
          <Link href="/">
            <ArrowLeftIcon aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
        <PageHeader
          title="API Documentation"
          description="Base URL, bearer authentication, endpoints, rules and error codes of the Autodrop API."
        />
      </main>
    </div>
  );
}
