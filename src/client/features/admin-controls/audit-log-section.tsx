import { AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditKind } from "@contract/admin";
import { useState } from "react";
import { LoadError } from "@/components/load-error";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/format";
import { AdminTable } from "./admin-table";
import { useAuditLog } from "./api/admin";

const ALL = "all";
const show = (value: unknown) => (value === null || value === undefined ? "—" : JSON.stringify(value));

/** Every admin change (decision 020): who, what, before and after, when; filtered by admin and kind. */
export function AuditLogSection() {
  const [actor, setActor] = useState(ALL);
  const [kind, setKind] = useState<AuditKind | typeof ALL>(ALL);
  const log = useAuditLog({
    actor: actor === ALL ? undefined : actor,
    kind: kind === ALL ? undefined : kind,
  });

  return (
    <Card role="region" aria-labelledby="audit-log-title">
      <CardHeader>
        <CardTitle id="audit-log-title">Audit Log</CardTitle>
        <CardDescription>Every change made on this page, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <div className="flex flex-wrap gap-2">
          <Select value={actor} onValueChange={setActor}>
            <SelectTrigger aria-label="Filter by admin">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All admins</SelectItem>
              {(log.data?.actors ?? []).map((a) => (
                <SelectItem key={a.id} value={a.id}>
                  {a.username}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Select value={kind} onValueChange={(v) => setKind(v as AuditKind | typeof ALL)}>
            <SelectTrigger aria-label="Filter by kind">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All changes</SelectItem>
              {AUDIT_KINDS.map((k) => (
                <SelectItem key={k} value={k}>
                  {AUDIT_KIND_LABELS[k]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {log.isError ? (
          <LoadError title="Could not load the audit log" error={log.error} onRetry={() => log.refetch()} />
        ) : !log.data ? (
          <Skeleton className="h-32 w-full" />
        ) : log.data.entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">No changes recorded yet.</p>
        ) : (
          <AdminTable
            label="Audit log entries"
            columns={["When", "Admin", "Kind", "Change", "Before", "After"]}
          >
            {log.data.entries.map((e) => (
              <tr key={e.id} className="align-top">
                <td className="whitespace-nowrap">{formatDateTime(e.createdAt)}</td>
                <td>{e.actorUsername}</td>
                <td>
                  <Badge variant="outline">{AUDIT_KIND_LABELS[e.kind]}</Badge>
                </td>
                <td className="min-w-48">
                  <span className="font-medium">{e.action}</span> {e.subject}
                </td>
                <td className="min-w-64 max-w-96 break-all font-mono text-xs text-muted-foreground">
                  {show(e.before)}
                </td>
                <td className="min-w-64 max-w-96 break-all font-mono text-xs text-muted-foreground">
                  {show(e.after)}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </CardContent>
    </Card>
  );
}
