import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { normalizeError } from "@/lib/normalize-error";

/** Data that failed to load: what it was, the friendly reason (spec 000 §8), and Try again where it can. */
export function LoadError({
  title,
  error,
  onRetry,
  retrying = false,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{normalizeError(error)}</p>
        {onRetry && (
          <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
            Try again
          </Button>
        )}
      </AlertDescription>
    </Alert>
  );
}
