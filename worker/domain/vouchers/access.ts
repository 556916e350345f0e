import { and, asc, eq, sql } from "drizzle-orm";
import { bookings, departures, packages, sellers, travellers } from "@db/schema";
import type { Reader } from "../../db/batcher";
import { NOT_FOUND, findBooking } from "../bookings/service";
import { bookingIdOf, isBookingRef } from "../bookings/shapes";
import { conflict, forbidden, notFound } from "../errors";
import { bookingMoney } from "../payments/views";
import { readTemplateRow } from "./template";
import { type VoucherView, voucherViewOf } from "./view";

/** Who asks for a voucher: the booking's seller, or a traveller (on the main site, or on one seller's site). */
export type VoucherViewer = { role: "seller"; sellerId: string } | { role: "user"; userId: string; siteSellerId?: string };

export const VOUCHER_NOT_READY = "The voucher is ready once the travel agent confirms your booking";
/** A voucher a traveller may download: their booking is confirmed. */
const READY = new Set(["confirmed"]);

/** The seller, package and template behind a booking, named by its number or id (sub-selects: no extra round trip). */
const bookingColumn = (key: string, column: "seller_id" | "package_id" | "start_date") =>
  sql`(select ${sql.identifier(column)} from ${bookings} where ${sql.identifier("id")} = ${bookingIdOf(key)})`;

/**
 * A booking's voucher data, read in one D1 batch with whatever else the request reads.
 * SECURITY: a seller gets only their own bookings' vouchers; a traveller only their own, once confirmed, and on a
 * seller's site only bookings with that seller (another's reads as missing there, as on the site's booking page).
 */
export async function readVoucher(reader: Reader, viewer: VoucherViewer, key: string) {
  const { db, load } = reader;
  const scope = viewer.role === "seller" ? { sellerId: viewer.sellerId } : { userId: viewer.userId };
  const [booking, money, seller, pkg, template, departure] = await Promise.all([
    findBooking(reader, key),
    bookingMoney(reader, key, scope),
    load(
      db
        .select({ name: sellers.name, phone: sellers.phone, email: sellers.email, logo: sellers.logo })
        .from(sellers)
        .where(eq(sellers.id, bookingColumn(key, "seller_id"))),
    ),
    load(
      db
        .select({ inclusions: packages.inclusions, exclusions: packages.exclusions, itinerary: packages.itinerary })
        .from(packages)
        .where(eq(packages.id, bookingColumn(key, "package_id"))),
    ),
    readTemplateRow(reader, bookingColumn(key, "seller_id")),
    // The departure the booking's start date names, when its package runs on departures (ADR 0044).
    load(
      db
        .select({ startDate: departures.startDate })
        .from(departures)
        .where(and(eq(departures.packageId, bookingColumn(key, "package_id")), eq(departures.startDate, bookingColumn(key, "start_date")))),
    ),
  ]);
  if (!booking) throw notFound(NOT_FOUND);
  if (viewer.role === "seller") {
    if (booking.sellerId !== viewer.sellerId) throw forbidden("You do not have permission to view this booking");
  } else {
    if (booking.userId._id !== viewer.userId) throw forbidden("You do not have permission to view this booking");
    if (viewer.siteSellerId && booking.sellerId !== viewer.siteSellerId) throw notFound(NOT_FOUND);
    if (!READY.has(booking.status)) throw conflict(VOUCHER_NOT_READY);
  }
  const owner = seller[0] ?? { name: "Your travel agent", phone: null, email: null, logo: null };
  const view: VoucherView = voucherViewOf({
    booking,
    money,
    seller: { name: owner.name, phone: owner.phone, email: owner.email },
    inclusions: pkg[0]?.inclusions ?? [],
    exclusions: pkg[0]?.exclusions ?? [],
    itinerary: pkg[0]?.itinerary ?? [],
    departureDate: departure[0]?.startDate ?? null,
  });
  return { view, template, logo: template.logo ?? owner.logo ?? null };
}

/** "A.M." for "Arjun Mehta": what the verify page shows of the lead traveller (titles left out). */
export function initialsOf(fullName: string) {
  const words = fullName
    .trim()
    .split(/\s+/)
    .filter((w) => w && !/^(mr|mrs|ms|miss|master|dr)\.?$/i.test(w));
  return words.map((w) => `${[...w][0]?.toUpperCase() ?? ""}.`).join("");
}

/**
 * What the public verify page shows of a booking: its live status, the trip and the lead traveller's initials.
 * Nothing else personal (no names, contacts, amounts); only reached with the booking's HMAC token (./verify-token.ts).
 */
export async function readVerification({ db, load }: Reader, ref: string) {
  if (!isBookingRef(ref)) return null;
  const [rows, lead] = await Promise.all([
    load(
      db
        .select({ status: bookings.status, startDate: bookings.startDate, packageName: packages.name, sellerName: sellers.name })
        .from(bookings)
        .innerJoin(packages, eq(packages.id, bookings.packageId))
        .innerJoin(sellers, eq(sellers.id, bookings.sellerId))
        .where(eq(bookings.bookingRef, ref))
        .limit(1),
    ),
    load(
      db
        .select({ fullName: travellers.fullName })
        .from(travellers)
        .where(eq(travellers.bookingId, bookingIdOf(ref)))
        .orderBy(asc(travellers.position))
        .limit(1),
    ),
  ]);
  const row = rows[0];
  if (!row) return null;
  return { ref, ...row, initials: lead[0] ? initialsOf(lead[0].fullName) : "" };
}
