import type { ReactNode } from "react";
import { ScrollRegion } from "@/components/ui/scroll-region";

/** A list of rows with column headers; on a narrow screen it scrolls sideways and says so. */
export function AdminTable({
  label,
  columns,
  children,
}: {
  label: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <ScrollRegion label={label} className="rounded-xl border">
      <table className="w-full text-sm">
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-2 font-medium whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="[&_td]:px-4 [&_td]:py-2 [&_tr]:border-t">{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

/** A labelled form field: the label above, the control, then the hint or the problem below. */
export function Field({
  id,
  label,
  hint,
  problem,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  problem?: string | null;
  children: ReactNode;
}) {
  return (
    <div className="grid grid-cols-1 gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {(problem || hint) && (
        <p
          id={`${id}-hint`}
          className={problem ? "text-xs text-destructive" : "text-xs text-muted-foreground"}
        >
          {problem ?? hint}
        </p>
      )}
    </div>
  );
}
