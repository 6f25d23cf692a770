import { desc, eq } from "drizzle-orm";
import {
  type ApplicablePlans,
  DISCOUNT_CODE_TEXTS,
  type DiscountCode,
} from "../../../contract/discount-codes.js";
import type { AppContext } from "../../context.js";
import { missing } from "../../db/rows.js";
import { discountCodes } from "../../db/schema/payments.js";
import { conflict, notFound } from "../../http/errors.js";
import { type AuditActor, recordAudit } from "../admin/index.js";

type DiscountRow = typeof discountCodes.$inferSelect;

const toDiscountCode = (row: DiscountRow): DiscountCode => ({
  id: row.id,
  code: row.code,
  discountPercentage: row.discountPercentage,
  applicablePlans: row.applicablePlans as ApplicablePlans,
  maxUsage: row.maxUsage,
  usageCount: row.usageCount,
  reservedCount: row.reservedCount,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
});

/** The Discount Codes tab: newest first. */
export async function listDiscountCodes(ctx: AppContext): Promise<DiscountCode[]> {
  const rows = await ctx.db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt));
  return rows.map(toDiscountCode);
}

export async function createDiscountCode(
  ctx: AppContext,
  actor: AuditActor | null,
  input: {
    code: string;
    discountPercentage: number;
    usageLimit: number;
    applicablePlans: ApplicablePlans;
    isActive: boolean;
  },
): Promise<DiscountCode> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(discountCodes)
      .values({
        code: input.code,
        discountPercentage: input.discountPercentage,
        maxUsage: input.usageLimit,
        applicablePlans: input.applicablePlans,
        isActive: input.isActive,
        createdAt: new Date(ctx.clock()),
      })
      .onConflictDoNothing({ target: discountCodes.code })
      .returning();
    if (!row) throw conflict(DISCOUNT_CODE_TEXTS.duplicate);
    const created = toDiscountCode(row);
    await recordAudit(ctx, tx, actor, {
      kind: "discount-code",
      action: "created",
      subject: row.code,
      after: created,
    });
    return created;
  });
}

/** Turns a code on or off; codes already applied to invoices keep their discount. */
export async function setDiscountCodeActive(
  ctx: AppContext,
  actor: AuditActor | null,
  id: string,
  isActive: boolean,
): Promise<DiscountCode> {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for("update");
    if (!before) throw notFound(DISCOUNT_CODE_TEXTS.notFound);
    const [row = missing("the updated discountCodes row")] = await tx
      .update(discountCodes)
      .set({ isActive })
      .where(eq(discountCodes.id, id))
      .returning();
    await recordAudit(ctx, tx, actor, {
      kind: "discount-code",
      action: isActive ? "activated" : "deactivated",
      subject: row.code,
      before: { isActive: before.isActive },
      after: { isActive: row.isActive },
    });
    return toDiscountCode(row);
  });
}
