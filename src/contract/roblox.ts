import { z } from "zod";

/** The sizes Roblox's avatar-headshot thumbnails come in. */
export const HEADSHOT_SIZES = [
  "48x48",
  "50x50",
  "60x60",
  "75x75",
  "100x100",
  "110x110",
  "150x150",
  "180x180",
  "352x352",
  "420x420",
  "720x720",
] as const;
const headshotSizeSchema = z.enum(HEADSHOT_SIZES);
export type HeadshotSize = z.infer<typeof headshotSizeSchema>;

/** GET /api/roblox/avatar/:userId?size=48x48 answers a redirect to the headshot PNG. */
export const avatarParamsSchema = z.object({
  userId: z.coerce
    .number({ error: "must be a Roblox user id" })
    .int()
    .positive()
    .max(Number.MAX_SAFE_INTEGER),
});
export const avatarQuerySchema = z.object({ size: headshotSizeSchema.default("150x150") });
