import type { PaidTier } from "@contract/plans";
import { KEY_STATUS_FILTERS } from "@contract/subscription-keys";
import { TIER_NAMES } from "@contract/subscriptions";
import { KeyRoundIcon } from "lucide-react";
import { useState } from "react";
import { CopyButton } from "@/components/copy-button";
import { LoadError } from "@/components/load-error";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";
import { AdminTable } from "./admin-table";
import { useSubscriptionKeys } from "./api/admin";

type StatusFilter = (typeof KEY_STATUS_FILTERS)[number];
const STATUS_LABELS: Record<StatusFilter, string> = { all: "All keys", used: "Used", unused: "Unused" };

/** Every key in full with used/unused, who used it and when; filtered by status and tier. */
export function SubscriptionKeysTab() {
  const [status, setStatus] = useState<StatusFilter>("all");
  const [tier, setTier] = useState<PaidTier | "all">("all");
  const keys = useSubscriptionKeys({ status, tier: tier === "all" ? undefined : tier });

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap gap-2">
        <Select value={status} onValueChange={(v) => setStatus(v as StatusFilter)}>
          <SelectTrigger aria-label="Filter by status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {KEY_STATUS_FILTERS.map((s) => (
              <SelectItem key={s} value={s}>
                {STATUS_LABELS[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={tier} onValueChange={(v) => setTier(v as PaidTier | "all")}>
          <SelectTrigger aria-label="Filter by tier">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="all">All tiers</SelectItem>
            <SelectItem value="basic">Basic</SelectItem>
            <SelectItem value="pro">Pro</SelectItem>
          </SelectContent>
        </Select>
      </div>
      {keys.isError ? (
        <LoadError title="Could not load keys" error={keys.error} onRetry={() => keys.refetch()} />
      ) : !keys.data ? (
        <Skeleton className="h-48 w-full" />
      ) : keys.data.length === 0 ? (
        <EmptyState icon={<KeyRoundIcon />} title="No keys" description="Generate Keys creates a batch." />
      ) : (
        <AdminTable
          label="Subscription keys"
          columns={["Key", "Tier", "Status", "Used by", "Used at", "Created"]}
        >
          {keys.data.map((k) => (
            <tr key={k.id}>
              <td className="whitespace-nowrap">
                <span className="font-mono text-xs">{k.key}</span>{" "}
                <CopyButton text={k.key} label={`Copy key ${k.key}`} what="the key" variant="ghost" />
              </td>
              <td>{TIER_NAMES[k.tier]}</td>
              <td>
                <Badge variant={k.used ? "secondary" : "success"}>{k.used ? "Used" : "Unused"}</Badge>
              </td>
              <td>{k.usedByUsername ?? "—"}</td>
              <td className="whitespace-nowrap">{k.usedAt ? formatDateTime(k.usedAt) : "—"}</td>
              <td className="whitespace-nowrap">{formatDateTime(k.createdAt)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </div>
  );
}
