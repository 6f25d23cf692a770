import { keysetCursor } from "../../db/keyset.js";

/**
 * The public API's order cursor, as published: base64url of "<created_at to the millisecond>|<id>", opaque so
 * clients pass nextCursor back untouched.
 */
export const apiOrderCursor = keysetCursor({ separator: "|", opaque: true });
