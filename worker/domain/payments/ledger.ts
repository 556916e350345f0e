import { type SQL, and, count, desc, eq, gte, lt, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { bookings, packages, paymentItems, payments, refunds, travelBookings, users } from "@db/schema";
import type { Reader } from "../../db/batcher";
import type { Db } from "../../db/client";
import { PLATFORM_MERCHANT_ID } from "../travel/merchant";
import { pagination } from "../bookings/shapes";
import {
  CSV_MAX_ROWS,
  LEDGER_KIND_LABELS,
  LEDGER_STATUSES,
  LEDGER_STATUS_LABELS,
  type LedgerKind,
  type LedgerStatus,
} from "../../shared/ledger";
import { isCalendarDate } from "../../shared/calendar-date";

const TRAVEL_KINDS = travelBookings.kind.enumValues;
export type TravelKind = (typeof TRAVEL_KINDS)[number];

/**
 * The seller's payments ledger (issue 15): every payment share a seller received and every refund of it, newest
 * first. An entry's date is when the money moved: a payment's capture, a refund's processing (or its queueing
 * while pending). Dates are filtered as days in India, the seller's calendar.
 */

const DATE_MESSAGE = "Dates must look like 2026-12-31";

const day = z
  .string({ invalid_type_error: DATE_MESSAGE })
  .trim()
  .regex(/^2\d{3}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine(isCalendarDate, "Please choose a real date")
  .optional()
  .or(z.literal("").transform(() => undefined));

/** The filters and page of a ledger (the seller's, and the platform's with its travel kind, ADR 0055). */
export const ledgerFields = {
  from: day,
  to: day,
  status: z
    .enum(LEDGER_STATUSES, { errorMap: () => ({ message: `Status must be one of ${LEDGER_STATUSES.join(", ")}` }) })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};

/** A range whose start is after its end is refused, on the end's field. */
export const rangeInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
export const RANGE_ORDER = { message: "The start date must be on or before the end date", path: ["to"] };

export const ledgerQuery = z.object(ledgerFields).refine(rangeInOrder, RANGE_ORDER);

export type LedgerQuery = z.infer<typeof ledgerQuery>;

/** The platform ledger's filters: the seller ledger's, and one travel kind (`kind=flight|hotel|bus`). */
export const platformLedgerQuery = z
  .object({
    ...ledgerFields,
    kind: z
      .enum(["flight", "hotel", "bus"], { errorMap: () => ({ message: "Kind must be one of flight, hotel, bus" }) })
      .optional()
      .or(z.literal("").transform(() => undefined)),
  })
  .refine(rangeInOrder, RANGE_ORDER);

export type PlatformLedgerQuery = z.infer<typeof platformLedgerQuery>;
type Range = Pick<LedgerQuery, "from" | "to" | "status">;

/** The UTC instant an Indian calendar day starts at, as the ISO strings the tables store. */
const dayStartInIndia = (date: string, plusDays = 0) =>
  new Date(new Date(`${date}T00:00:00+05:30`).getTime() + plusDays * 86_400_000).toISOString();

/** What a ledger entry names its trip by: the seller's package, or the platform's flight, stay or bus trip. */
type Trips = "packages" | "travel";

/**
 * Every ledger entry of one merchant, as a subquery: a seller's package bookings, or the platform's own flights,
 * stays and bus trips (`trips: "travel"`, ADR 0053/0055), whose rows name a travel booking instead of a package.
 * SECURITY: both halves are filtered by the merchant's own id (the payment's share and the refund carry
 * `seller_id`), so nothing outside it can be selected from this.
 * D1 batches key rows by column name: every column has its own.
 */
function entriesOf(db: Db, sellerId: string, trips: Trips = "packages") {
  const travel = trips === "travel";
  const trip = (bookingId: typeof paymentItems.bookingId | typeof refunds.bookingId) =>
    travel ? eq(travelBookings.id, bookingId) : and(eq(bookings.id, bookingId), eq(bookings.sellerId, sellerId));
  const columns = {
    bookingRef: sql<string>`${travel ? travelBookings.bookingRef : bookings.bookingRef}`.as("booking_ref"),
    packageName: sql<string>`${travel ? travelBookings.title : packages.name}`.as("package_name"),
    travelKind: sql<TravelKind | null>`${travel ? travelBookings.kind : sql`null`}`.as("travel_kind"),
  };
  const paidFrom = db
    .select({
      entryId: sql<string>`'pay_' || ${paymentItems.bookingId}`.as("entry_id"),
      kind: sql<LedgerKind>`'payment'`.as("kind"),
      at: sql<string>`${payments.capturedAt}`.as("entry_at"),
      bookingId: sql<string>`${paymentItems.bookingId}`.as("entry_booking_id"),
      ...columns,
      customerName: sql<string>`${users.name}`.as("customer_name"),
      amount: sql<number>`${paymentItems.amount}`.as("entry_amount"),
      status: sql<LedgerStatus>`'received'`.as("entry_status"),
      reference: sql<string | null>`${payments.providerPaymentId}`.as("reference"),
      reason: sql<string | null>`null`.as("reason"),
    })
    .from(paymentItems)
    .innerJoin(payments, eq(payments.id, paymentItems.paymentId));
  const paid = (
    travel
      ? paidFrom.innerJoin(travelBookings, trip(paymentItems.bookingId))
      : paidFrom.innerJoin(bookings, trip(paymentItems.bookingId)).innerJoin(packages, eq(packages.id, bookings.packageId))
  )
    .innerJoin(users, eq(users.id, payments.userId))
    .where(and(eq(paymentItems.sellerId, sellerId), eq(payments.status, "captured")));
  const backFrom = db
    .select({
      entryId: sql<string>`${refunds.id}`.as("entry_id"),
      kind: sql<LedgerKind>`'refund'`.as("kind"),
      at: sql<string>`coalesce(${refunds.processedAt}, ${refunds.createdAt})`.as("entry_at"),
      bookingId: sql<string>`${refunds.bookingId}`.as("entry_booking_id"),
      ...columns,
      customerName: sql<string>`${users.name}`.as("customer_name"),
      amount: sql<number>`-${refunds.amount}`.as("entry_amount"),
      status:
        sql<LedgerStatus>`case ${refunds.status} when 'processed' then 'refunded' when 'failed' then 'refund-failed' else 'refund-pending' end`.as(
          "entry_status",
        ),
      reference: sql<string | null>`${refunds.providerRefundId}`.as("reference"),
      reason: sql<string | null>`${refunds.reason}`.as("reason"),
    })
    .from(refunds);
  const back = (
    travel
      ? backFrom.innerJoin(travelBookings, trip(refunds.bookingId)).innerJoin(users, eq(users.id, travelBookings.userId))
      : backFrom
          .innerJoin(bookings, trip(refunds.bookingId))
          .innerJoin(packages, eq(packages.id, bookings.packageId))
          .innerJoin(users, eq(users.id, bookings.userId))
  )
    // A duplicate payment's refund is money the seller never had (it is filed under one of the order's bookings).
    .where(and(eq(refunds.sellerId, sellerId), ne(refunds.reason, "duplicate")));
  return paid.unionAll(back).as("entries");
}

type Entries = ReturnType<typeof entriesOf>;

/** A ledger's filters; the platform's also takes one travel kind (flights, stays or buses). */
type Filters = Range & { travelKind?: TravelKind };

function conditions(entries: Entries, q: Filters, withStatus: boolean) {
  const where: SQL[] = [];
  if (q.travelKind) where.push(eq(entries.travelKind, q.travelKind));
  if (q.from) where.push(gte(entries.at, dayStartInIndia(q.from)));
  if (q.to) where.push(lt(entries.at, dayStartInIndia(q.to, 1)));
  if (withStatus && q.status) where.push(eq(entries.status, q.status));
  return and(...where);
}

/** A chart bucket is a day for a range of two months or less, else a month. */
function bucketOf(q: Range): "day" | "month" {
  if (!q.from || !q.to) return "month";
  const days = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000;
  return days <= 62 ? "day" : "month";
}
const MAX_BUCKETS = { day: 63, month: 24 };

const toEntry = (r: {
  entryId: string;
  kind: LedgerKind;
  at: string;
  bookingId: string;
  bookingRef: string;
  packageName: string;
  customerName: string;
  amount: number;
  status: LedgerStatus;
  reference: string | null;
  reason: string | null;
}) => ({
  id: r.entryId,
  date: r.at,
  kind: r.kind,
  bookingId: r.bookingId,
  bookingRef: r.bookingRef,
  packageName: r.packageName,
  customerName: r.customerName,
  /** Paise; a refund is negative. */
  amount: Number(r.amount),
  status: r.status,
  reference: r.reference,
  refundReason: r.reason,
});

export type LedgerEntry = ReturnType<typeof toEntry>;

/**
 * One page of the seller's ledger, its count, the totals of the date range (whatever the status filter: the
 * tiles answer "what came in and went back in this period") and the chart's buckets: four reads, one D1 batch.
 */
export async function sellerLedger(reader: Reader, sellerId: string, q: LedgerQuery) {
  const { kinds: _packages, ...ledger } = await ledgerOf(reader, entriesOf(reader.db, sellerId), q);
  return ledger;
}

/**
 * The platform's own ledger (ADR 0055): the money of the flights, stays and bus trips it sells as their merchant
 * (`seller_id = 'platform'`, ADR 0053), read as a seller's ledger is, with each entry's travel kind and the range's
 * totals per kind beside it: five reads, one D1 batch. Only a superadmin's page calls it.
 */
export async function platformLedger(reader: Reader, q: PlatformLedgerQuery) {
  const { db, load } = reader;
  const entries = entriesOf(db, PLATFORM_MERCHANT_ID, "travel");
  const [ledger, kinds] = await Promise.all([
    ledgerOf(reader, entries, { ...q, travelKind: q.kind }),
    load(
      db
        .select({
          travelKind: entries.travelKind,
          received: sql<number>`coalesce(sum(case when ${entries.kind} = 'payment' then ${entries.amount} end), 0)`.as("kind_received"),
          refunded: sql<number>`coalesce(sum(case when ${entries.status} = 'refunded' then -${entries.amount} end), 0)`.as("kind_refunded"),
          refundPending: sql<number>`coalesce(sum(case when ${entries.status} = 'refund-pending' then -${entries.amount} end), 0)`.as(
            "kind_refund_pending",
          ),
          payments: sql<number>`count(case when ${entries.kind} = 'payment' then 1 end)`.as("kind_payments"),
          refunds: sql<number>`count(case when ${entries.kind} = 'refund' then 1 end)`.as("kind_refunds"),
        })
        .from(entries)
        .where(conditions(entries, { from: q.from, to: q.to }, false))
        .groupBy(sql`travel_kind`),
    ),
  ]);
  const byKind = TRAVEL_KINDS.map((kind) => {
    const row = kinds.find((k) => k.travelKind === kind);
    const received = Number(row?.received ?? 0);
    const refunded = Number(row?.refunded ?? 0);
    return {
      kind,
      payments: Number(row?.payments ?? 0),
      refunds: Number(row?.refunds ?? 0),
      received,
      refunded,
      net: received - refunded,
      refundPending: Number(row?.refundPending ?? 0),
    };
  });
  const { kinds: entryKinds, ...rest } = ledger;
  return { ...rest, data: rest.data.map((e, i) => ({ ...e, travelKind: entryKinds[i] })), byKind };
}

export type PlatformLedger = Awaited<ReturnType<typeof platformLedger>>;

/** A ledger over one merchant's entries (see {@link sellerLedger}). */
async function ledgerOf({ db, load }: Reader, entries: Entries, q: LedgerQuery & { travelKind?: TravelKind }) {
  const filtered = conditions(entries, q, true);
  const inRange = conditions(entries, q, false);
  const bucket = bucketOf(q);
  const bucketSql = sql<string>`strftime(${sql.raw(bucket === "day" ? "'%Y-%m-%d'" : "'%Y-%m'")}, ${entries.at}, '+330 minutes')`;
  const [rows, [{ total }], [sums], buckets] = await Promise.all([
    load(
      db
        .select()
        .from(entries)
        .where(filtered)
        .orderBy(desc(entries.at), desc(entries.entryId))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit),
    ),
    load(db.select({ total: count() }).from(entries).where(filtered)),
    load(
      db
        .select({
          received: sql<number>`coalesce(sum(case when ${entries.kind} = 'payment' then ${entries.amount} end), 0)`,
          refunded: sql<number>`coalesce(sum(case when ${entries.status} = 'refunded' then -${entries.amount} end), 0)`,
          refundPending: sql<number>`coalesce(sum(case when ${entries.status} = 'refund-pending' then -${entries.amount} end), 0)`,
        })
        .from(entries)
        .where(inRange),
    ),
    load(
      db
        .select({
          bucket: bucketSql.as("bucket"),
          received: sql<number>`coalesce(sum(case when ${entries.kind} = 'payment' then ${entries.amount} end), 0)`.as("received"),
          refunded: sql<number>`coalesce(sum(case when ${entries.status} = 'refunded' then -${entries.amount} end), 0)`.as("refunded"),
        })
        .from(entries)
        .where(inRange)
        .groupBy(sql`bucket`)
        .orderBy(desc(sql`bucket`))
        .limit(MAX_BUCKETS[bucket]),
    ),
  ]);
  const received = Number(sums?.received ?? 0);
  const refunded = Number(sums?.refunded ?? 0);
  return {
    data: rows.map(toEntry),
    /** Each entry's travel kind (the platform's ledger; null for a package). */
    kinds: rows.map((r) => r.travelKind),
    pagination: pagination(q.page, q.limit, total),
    totals: { received, refunded, net: received - refunded, refundPending: Number(sums?.refundPending ?? 0) },
    chart: {
      bucket,
      points: buckets.map((b) => ({ period: b.bucket, received: Number(b.received), refunded: Number(b.refunded) })).reverse(),
      /** The chart holds at most this many periods, the latest with activity; more may exist in the range. */
      cut: buckets.length >= MAX_BUCKETS[bucket],
    },
  };
}

export type SellerLedger = Awaited<ReturnType<typeof sellerLedger>>;

// ---------------------------------------------------------------- CSV

const csvDate = new Intl.DateTimeFormat("en-IN", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "Asia/Kolkata" });

/** 1234567 paise as 12345.67: a plain number a spreadsheet sums, never a float's rounding. */
export function rupeesPlain(paise: number) {
  const abs = Math.abs(Math.trunc(paise));
  return `${paise < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * A text cell, quoted. SECURITY: text that starts like a formula (= + - @, or a tab or carriage return) is
 * prefixed with ' so a spreadsheet shows it instead of running it: customer and package names are user input.
 */
export function csvText(value: string | null | undefined) {
  const text = value ?? "";
  const inert = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${inert.replace(/"/g, '""')}"`;
}

const HEADER = ["Date", "Type", "Booking", "Package", "Customer", "Amount (₹)", "Status", "Reference"];

/**
 * The ledger for a spreadsheet: UTF-8 with a BOM (so Excel reads ₹ and names right), CRLF lines, a header row,
 * dates as dd/mm/yyyy in India, amounts in rupees as plain numbers (refunds negative), oldest first. At most
 * {@link CSV_MAX_ROWS} rows, the newest; `truncated` says when there were more.
 */
export async function sellerLedgerCsv({ db, load }: Reader, sellerId: string, q: Range) {
  const entries = entriesOf(db, sellerId);
  const rows = await load(
    db
      .select()
      .from(entries)
      .where(conditions(entries, q, true))
      .orderBy(desc(entries.at), desc(entries.entryId))
      .limit(CSV_MAX_ROWS + 1),
  );
  const truncated = rows.length > CSV_MAX_ROWS;
  const lines = [HEADER.map(csvText).join(",")];
  for (const e of rows.slice(0, CSV_MAX_ROWS).map(toEntry).reverse()) {
    lines.push(
      [
        csvDate.format(new Date(e.date)),
        csvText(LEDGER_KIND_LABELS[e.kind]),
        csvText(e.bookingRef),
        csvText(e.packageName),
        csvText(e.customerName),
        rupeesPlain(e.amount),
        csvText(LEDGER_STATUS_LABELS[e.status]),
        csvText(e.reference),
      ].join(","),
    );
  }
  return { csv: `\uFEFF${lines.join("\r\n")}\r\n`, rows: Math.min(rows.length, CSV_MAX_ROWS), truncated };
}
