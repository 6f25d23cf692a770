import { sql } from "drizzle-orm";
import { PgDialect, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import {
  keysetAfter,
  keysetAfterSql,
  keysetCursor,
  keysetOrderBy,
  keysetOrderBySql,
  keysetValues,
} from "./keyset.js";

const rows = pgTable("rows", {
  id: uuid("id").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
const columns = { at: rows.createdAt, id: rows.id };
const position = { at: "2026-11-26T04:00:00.123456Z", id: "5f0c2a9e-2f7e-4d8f-9a57-3b1c3c1f6c11" };
const dialect = new PgDialect();

describe("the keyset condition and order", () => {
  it("continues after the position: earlier rows newest first, later rows oldest first, the id breaking ties", () => {
    expect(dialect.sqlToQuery(keysetAfter(columns, "desc", position))).toMatchObject({
      sql: '("rows"."created_at", "rows"."id") < ($1::timestamptz, $2::uuid)',
      params: [position.at, position.id],
    });
    expect(dialect.sqlToQuery(keysetAfter(columns, "asc", position)).sql).toBe(
      '("rows"."created_at", "rows"."id") > ($1::timestamptz, $2::uuid)',
    );
    expect(dialect.sqlToQuery(sql.join(keysetOrderBy(columns, "desc"), sql`, `)).sql).toBe(
      '"rows"."created_at" desc, "rows"."id" desc',
    );
    expect(dialect.sqlToQuery(sql.join(keysetOrderBy(columns, "asc"), sql`, `)).sql).toBe(
      '"rows"."created_at" asc, "rows"."id" asc',
    );
  });

  it("writes the same for a hand-written query, reading the position from the given placeholders", () => {
    const o = { at: "o.created_at", id: "o.id" };
    expect(keysetAfterSql(o, "desc", 3)).toBe("(o.created_at, o.id) < ($3::timestamptz, $4::uuid)");
    expect(keysetAfterSql(o, "asc", 1)).toBe("(o.created_at, o.id) > ($1::timestamptz, $2::uuid)");
    expect(keysetOrderBySql(o, "desc")).toBe("o.created_at DESC, o.id DESC");
    expect(keysetValues(position)).toEqual([position.at, position.id]);
  });
});

describe("keyset cursors", () => {
  const plain = keysetCursor({ separator: "~", opaque: false });
  const opaque = keysetCursor({ separator: "|", opaque: true });

  it("writes the position as <at><separator><id>, base64url-encoded when opaque, and reads it back exactly", () => {
    expect(plain.encode(position)).toBe(`${position.at}~${position.id}`);
    expect(opaque.encode(position)).toBe(Buffer.from(`${position.at}|${position.id}`).toString("base64url"));
    for (const format of [plain, opaque]) expect(format.decode(format.encode(position))).toEqual(position);
    const millis = { ...position, at: "2026-11-26T04:00:00.123Z" };
    expect(opaque.decode(opaque.encode(millis))).toEqual(millis);
  });

  it.each([
    "",
    "garbage",
    "2026-11-26T04:00:00Z~not-a-uuid",
    "yesterday~5f0c2a9e-2f7e-4d8f-9a57-3b1c3c1f6c11",
    "2026-02-30T04:00:00Z~5f0c2a9e-2f7e-4d8f-9a57-3b1c3c1f6c11",
    "2026-11-26T25:00:00Z~5f0c2a9e-2f7e-4d8f-9a57-3b1c3c1f6c11",
    "2026-11-26T04:00:00Z~5f0c2a9e-2f7e-4d8f-9a57-3b1c3c1f6c11~x",
    "2026-11-26T04:00:00Z|5f0c2a9e-2f7e-4d8f-9a57-3b1c3c1f6c11",
  ])("refuses %j, which it never issued", (text) => {
    expect(plain.decode(text)).toBeNull();
  });

  it("refuses an opaque cursor whose text is not base64url of one", () => {
    expect(opaque.decode(`${position.at}|${position.id}`)).toBeNull();
    expect(opaque.decode(Buffer.from(`${position.at}~${position.id}`).toString("base64url"))).toBeNull();
  });
});
