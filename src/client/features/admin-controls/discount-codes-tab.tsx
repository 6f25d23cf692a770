import {
  APPLICABLE_PLANS,
  type ApplicablePlans,
  DISCOUNT_CODE_TEXTS,
  type DiscountCode,
} from "@contract/discount-codes";
import type { EndpointInput } from "@contract/endpoint";
import { paymentsEndpoints } from "@contract/endpoints/payments";
import { TicketPercentIcon } from "lucide-react";
import { useId, useState } from "react";
import { LoadError } from "@/components/load-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { DialogForm } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { api } from "@/lib/api";
import { toastError } from "@/lib/error-toast";
import { formatDate } from "@/lib/format";
import { type DiscountForm, discountPayload, emptyDiscountForm } from "./admin-forms";
import { AdminTable, Field } from "./admin-table";
import { useAdminMutation, useDiscountCodes } from "./api/admin";

type DiscountBody = EndpointInput<typeof paymentsEndpoints.createDiscountCode>["body"];

const PLAN_LABELS: Record<ApplicablePlans, string> = { basic: "Basic", pro: "Pro", both: "Both" };

function CreateDiscountCode() {
  const id = useId();
  const [form, setForm] = useState<DiscountForm>(emptyDiscountForm);
  const create = useAdminMutation({
    request: (body: DiscountBody) => api(paymentsEndpoints.createDiscountCode, { body }),
    success: (code) => `Discount code ${code.code} created`,
    fallback: DISCOUNT_CODE_TEXTS.createFailed,
    refresh: [paymentsEndpoints.discountCodes],
    onDone: () => setForm(emptyDiscountForm()),
  });
  const submit = () => {
    const result = discountPayload(form);
    if (!result.ok) return toastError(null, result.error);
    create.mutate(result.body);
  };
  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Create Discount Code</CardTitle>
      </CardHeader>
      <CardContent>
        <DialogForm
          pending={create.isPending}
          onSubmit={submit}
          className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4"
        >
          <Field id={`${id}-code`} label="Code">
            <Input
              id={`${id}-code`}
              value={form.code}
              placeholder="SPRING25"
              autoComplete="off"
              onChange={(e) => setForm((f) => ({ ...f, code: e.target.value.toUpperCase() }))}
            />
          </Field>
          <Field id={`${id}-pct`} label="Discount (%)">
            <Input
              id={`${id}-pct`}
              inputMode="numeric"
              value={form.discountPercentage}
              onChange={(e) => setForm((f) => ({ ...f, discountPercentage: e.target.value }))}
            />
          </Field>
          <Field id={`${id}-limit`} label="Usage Limit">
            <Input
              id={`${id}-limit`}
              inputMode="numeric"
              value={form.usageLimit}
              onChange={(e) => setForm((f) => ({ ...f, usageLimit: e.target.value }))}
            />
          </Field>
          <Field id={`${id}-plans`} label="Applicable Plans">
            <Select
              value={form.applicablePlans}
              onValueChange={(v) => setForm((f) => ({ ...f, applicablePlans: v as ApplicablePlans }))}
            >
              <SelectTrigger id={`${id}-plans`} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {APPLICABLE_PLANS.map((p) => (
                  <SelectItem key={p} value={p}>
                    {PLAN_LABELS[p]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <div className="flex items-center gap-2">
            <Switch
              id={`${id}-active`}
              checked={form.isActive}
              onCheckedChange={(isActive) => setForm((f) => ({ ...f, isActive }))}
            />
            <label htmlFor={`${id}-active`} className="text-sm font-medium">
              Active
            </label>
          </div>
          <div className="sm:col-span-2 lg:col-span-3 lg:justify-self-end">
            <Button type="submit" disabled={create.isPending}>
              Create Code
            </Button>
          </div>
        </DialogForm>
      </CardContent>
    </Card>
  );
}

/** Discount Codes (spec 001 §5): create with the defaults, list with use counts, toggle active. */
export function DiscountCodesTab() {
  const codes = useDiscountCodes();
  const toggle = useAdminMutation({
    request: (code: DiscountCode) =>
      api(paymentsEndpoints.updateDiscountCode, {
        params: { id: code.id },
        body: { isActive: !code.isActive },
      }),
    success: (code) => `${code.code} ${code.isActive ? "activated" : "deactivated"}`,
    fallback: DISCOUNT_CODE_TEXTS.updateFailed,
    refresh: [paymentsEndpoints.discountCodes],
  });
  return (
    <div className="grid grid-cols-1 gap-4">
      <CreateDiscountCode />
      {codes.isError ? (
        <LoadError
          title="Could not load discount codes"
          error={codes.error}
          onRetry={() => codes.refetch()}
        />
      ) : !codes.data ? (
        <Skeleton className="h-32 w-full" />
      ) : codes.data.length === 0 ? (
        <EmptyState icon={<TicketPercentIcon />} title="No discount codes" description="Create one above." />
      ) : (
        <AdminTable
          label="Discount codes"
          columns={["Code", "Discount", "Plans", "Usage", "Status", "Created", "Active"]}
        >
          {codes.data.map((code) => (
            <tr key={code.id}>
              <td className="font-mono">{code.code}</td>
              <td>{code.discountPercentage}%</td>
              <td>{PLAN_LABELS[code.applicablePlans]}</td>
              <td className="whitespace-nowrap">
                {code.usageCount}/{code.maxUsage}
                {code.reservedCount > 0 && (
                  <span className="ml-1 text-muted-foreground">
                    ({code.reservedCount} held by open invoices)
                  </span>
                )}
              </td>
              <td>
                <Badge variant={code.isActive ? "success" : "secondary"}>
                  {code.isActive ? "Active" : "Inactive"}
                </Badge>
              </td>
              <td className="whitespace-nowrap">{formatDate(code.createdAt)}</td>
              <td>
                <Switch
                  checked={code.isActive}
                  disabled={toggle.isPending}
                  onCheckedChange={() => toggle.mutate(code)}
                  aria-label={`${code.code} active`}
                />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </div>
  );
}
