import { z } from "zod";
import { publicStatsSchema } from "./auth.js";

/** GET /api/stats: the landing page's public counters; a signed-in admin also gets totalSales (USD, decimal string). */
export const statsResponseSchema = publicStatsSchema.extend({ totalSales: z.string().optional() });
export type StatsResponse = z.infer<typeof statsResponseSchema>;
