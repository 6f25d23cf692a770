/** Where a page of orders ended: the last order's creation time and id (orders are listed newest first). */
export interface OrderCursor {
  createdAt: Date;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(c: OrderCursor): string {
  return Buffer.from(`${c.createdAt.toISOString()}|${c.id}`).toString("base64url");
}

/** The cursor a client sent back, or null when it is not one this API issued. */
export function decodeCursor(text: string): OrderCursor | null {
  const [at, id, extra] = Buffer.from(text, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at ?? "");
  if (extra !== undefined || !id || !UUID.test(id) || Number.isNaN(createdAt.getTime())) return null;
  return { createdAt, id };
}
