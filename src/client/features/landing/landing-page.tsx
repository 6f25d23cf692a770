import type { PublicStats } from "@contract/auth";
import { landingErrorText } from "@contract/texts";
import {
  ArrowRightIcon,
  BarChart3Icon,
  BellRingIcon,
  CircleAlertIcon,
  PackageIcon,
  ShieldCheckIcon,
  ShoppingBagIcon,
  ZapIcon,
} from "lucide-react";
import type { ComponentType } from "react";
import { Link, useSearch } from "wouter";
import { Brand } from "@/components/brand";
import { ThemeToggle } from "@/components/theme-toggle";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { usePublicStats } from "./api/stats";

const FEATURES: Array<{ icon: ComponentType<{ className?: string }>; title: string; text: string }> = [
  {
    icon: ZapIcon,
    title: "Automated Delivery",
    text: "Every order is delivered in game by a delivery bot the moment your buyer claims it. No manual trading.",
  },
  {
    icon: PackageIcon,
    title: "Inventory Management",
    text: "Deposit items with your bot and watch your inventory with real-time updates as items come and go.",
  },
  {
    icon: BarChart3Icon,
    title: "Sales Analytics",
    text: "Follow your sales metrics and profit tracking, with your most popular listings at a glance.",
  },
  {
    icon: ShieldCheckIcon,
    title: "Username Verification",
    text: "Secure access without passwords: prove you own your ROBLOX username with a verification phrase.",
  },
  {
    icon: BellRingIcon,
    title: "Discord Notifications",
    text: "Get Discord notifications for orders, claims and important events, straight to your server.",
  },
  {
    icon: ShoppingBagIcon,
    title: "Shopify Integration",
    text: "Connect your Shopify store in one click and link your products to the items you hold.",
  },
];

const COUNTERS: Array<{ key: keyof PublicStats; label: string }> = [
  { key: "totalUsers", label: "Users" },
  { key: "totalItemsInStorage", label: "Items in Storage" },
  { key: "totalOrders", label: "Orders" },
];

function LoginButton({ children, size = "lg" }: { children: string; size?: "default" | "lg" }) {
  return (
    <Button asChild size={size}>
      <Link href="/login">
        {children}
        <ArrowRightIcon aria-hidden="true" />
      </Link>
    </Button>
  );
}

function Counters() {
  const { data, isLoading } = usePublicStats();
  return (
    <dl className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-4 sm:grid-cols-3">
      {COUNTERS.map(({ key, label }) => (
        <div
          key={key}
          className="flex flex-col-reverse rounded-xl border bg-card/60 px-6 py-5 text-center shadow-sm backdrop-blur"
        >
          <dt className="mt-1 text-sm text-muted-foreground">{label}</dt>
          <dd className="text-3xl font-bold tabular-nums" data-testid={`stat-${key}`}>
            {isLoading ? (
              <Skeleton className="mx-auto h-9 w-20" />
            ) : data ? (
              data[key].toLocaleString("en-US")
            ) : (
              "—"
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function LandingPage() {
  const errorText = landingErrorText(new URLSearchParams(useSearch()).get("error"));

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b bg-background/80 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Brand />
          <div className="flex items-center gap-2">
            <ThemeToggle />
            <LoginButton size="default">Get Started</LoginButton>
          </div>
        </div>
      </header>

      <main className="flex-1">
        {errorText && (
          <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6">
            <Alert variant="destructive">
              <CircleAlertIcon aria-hidden="true" />
              <AlertTitle>Error</AlertTitle>
              <AlertDescription>{errorText}</AlertDescription>
            </Alert>
          </div>
        )}

        <section className="relative overflow-hidden" aria-labelledby="hero-title">
          <div
            className="pointer-events-none absolute inset-x-0 -top-40 -z-10 mx-auto h-[32rem] max-w-4xl rounded-full bg-primary/20 blur-3xl"
            aria-hidden="true"
          />
          <div className="mx-auto flex max-w-6xl flex-col items-center gap-8 px-4 py-20 text-center sm:px-6 sm:py-28">
            <span className="rounded-full border bg-card/60 px-3 py-1 text-xs font-medium text-muted-foreground">
              Bubble Gum Simulator · Murder Mystery 2 · Grow a Garden
            </span>
            <h1 id="hero-title" className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-6xl">
              Sell Roblox items on autopilot
            </h1>
            <p className="max-w-2xl text-lg text-muted-foreground">
              Autodrop connects your Shopify store to delivery bots: buyers claim their order and receive
              their items in game automatically, while you watch your inventory and sales grow.
            </p>
            <LoginButton>Start Trading Now</LoginButton>
            <Counters />
          </div>
        </section>

        <section className="border-t bg-muted/30" aria-labelledby="features-title">
          <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
            <div className="mx-auto mb-12 max-w-2xl text-center">
              <h2 id="features-title" className="text-3xl font-bold tracking-tight">
                Everything you need to run your store
              </h2>
              <p className="mt-3 text-muted-foreground">From deposit to delivery, every step is automated.</p>
            </div>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {FEATURES.map(({ icon: Icon, title, text }) => (
                <li key={title}>
                  <Card className="h-full transition-colors hover:border-primary/50">
                    <CardHeader>
                      <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary/15 text-primary">
                        <Icon className="size-5" aria-hidden="true" />
                      </span>
                      <CardTitle as="h3">{title}</CardTitle>
                    </CardHeader>
                    <CardContent>
                      <CardDescription>{text}</CardDescription>
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="cta-title">
          <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-20 text-center sm:px-6">
            <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
              Ready to automate your sales?
            </h2>
            <p className="max-w-xl text-muted-foreground">
              Sign in with your ROBLOX username and set up your store in two steps.
            </p>
            <LoginButton>Create Your Account</LoginButton>
          </div>
        </section>
      </main>

      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <span>© {new Date().getFullYear()} Autodrop</span>
          <Link href="/documentation" className="hover:text-foreground hover:underline">
            API Documentation
          </Link>
        </div>
      </footer>
    </div>
  );
}
