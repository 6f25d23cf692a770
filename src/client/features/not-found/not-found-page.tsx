import { HomeIcon } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";

export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <p className="text-6xl font-extrabold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold tracking-tight">Page Not Found</h1>
      <p className="max-w-md text-muted-foreground">
        The page you are looking for does not exist or has been moved.
      </p>
      <Button asChild>
        <Link href="/">
          <HomeIcon aria-hidden="true" />
          Go to Home
        </Link>
      </Button>
    </main>
  );
}
