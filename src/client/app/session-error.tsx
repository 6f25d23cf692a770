import { CircleAlertIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { normalizeError } from "@/lib/normalize-error";

/** The session call failed for another reason than "signed out": say so instead of sending the user to login. */
export function SessionError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <CircleAlertIcon className="size-10 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-bold tracking-tight">We could not load your session</h1>
      <p className="max-w-md text-muted-foreground">{normalizeError(error)}</p>
      <Button onClick={onRetry}>Try again</Button>
    </main>
  );
}
