import { formatDecimal, USD_DECIMALS } from "@contract/money";
import { DollarSignIcon, KeyRoundIcon, PackageIcon, UsersIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAdminStats, useRevenue } from "./api/admin";

function StatCard({ title, value, icon }: { title: string; value: ReactNode; icon: ReactNode }) {
  return (
    <Card className="gap-2">
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <span className="text-muted-foreground [&_svg]:size-4" aria-hidden="true">
          {icon}
        </span>
      </CardHeader>
      <CardContent className="text-2xl font-bold">{value ?? <Skeleton className="h-8 w-20" />}</CardContent>
    </Card>
  );
}

/** Total Users, Active Subscriptions, Total Items and Revenue (spec 001 §2; Revenue is /api/stats' totalSales). */
export function StatCards() {
  const stats = useAdminStats();
  const revenue = useRevenue();
  const sales = revenue.data?.totalSales;
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <StatCard title="Total Users" value={stats.data?.totalUsers} icon={<UsersIcon />} />
      <StatCard
        title="Active Subscriptions"
        value={stats.data?.activeSubscriptions}
        icon={<KeyRoundIcon />}
      />
      <StatCard title="Total Items" value={stats.data?.totalItems} icon={<PackageIcon />} />
      <StatCard
        title="Revenue"
        value={sales === undefined ? undefined : `$${formatDecimal(sales, USD_DECIMALS)}`}
        icon={<DollarSignIcon />}
      />
    </div>
  );
}
