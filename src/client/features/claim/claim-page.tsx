import { Brand } from "@/components/brand";

/** The buyer claim page (spec 001 §2): reached by /claim/{orderId}/{email}, /claim/{authKey} or query parameters. */
export function ClaimPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 text-center">
      <Brand />
      <h1 className="text-3xl font-bold tracking-tight">Claim Your Order</h1>
      <p className="max-w-md text-muted-foreground">
        Enter your ROBLOX username to claim your purchased items
      </p>
    </main>
  );
}
