import { createRequire } from "node:module";
import { readFile } from "node:fs/promises";
import { dirname } from "node:path";
import { PDFArray, PDFDocument, type PDFRawStream, decodePDFRawStream } from "pdf-lib";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import qrcode from "qrcode-generator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lineAmount, priceLines } from "../../worker/domain/bookings/price-lines";
import { type Pricing, priceBooking } from "../../worker/domain/bookings/pricing";
import { soldOutMessage } from "../../worker/domain/departures/check";
import { formatDate, formatRupees } from "../../worker/shared/format";
import { SELLER_A, bookingRequest, createBookingAs, daysFromNow } from "../support/bookings";
import { type E2E, startE2E } from "../support/e2e";
import { answerConfirm, eventually, whenHydrated } from "../support/page";
import { newCustomer } from "../support/security-fixtures";
import { bearer } from "../support/session";

/**
 * Issue 26's journeys in Chromium, one after another on one seller's package (Royal Jaipur Heritage, 4 days: 3 nights):
 * the seller makes it a tour product (a departure of 2 seats, a hotel with two room types, a meal plan, an add-on and
 * a day of itinerary) and its page on the seller's own domain shows them on a phone; a traveller books the second
 * room type with MAP and the add-on and pays, the breakdown is the server's line by line, and one seat is left; the
 * seller approves and the traveller's voucher is a PDF whose text and QR code say what they should; the last seat
 * goes and the departure can no longer be booked, in the page, the cart or the API.
 */
let e2e: E2E;
let browser: Browser;
let site: string;
beforeAll(async () => {
  e2e = await startE2E();
  ({ browser } = e2e);
  site = `http://wanderlust.localhost:${e2e.port}`;
});
afterAll(() => e2e?.close());

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const PACKAGE = { id: "p_jaipur", name: "Royal Jaipur Heritage", unitPrice: 1_249_900, durationDays: 4 };
const HOTEL = "Amber Palace Haveli";
const ROOMS = [
  { name: "Heritage double", rupees: 3000 },
  { name: "Royal suite", rupees: 5500 },
];
const ADDON = { name: "Hot-air balloon ride", rupees: 4500 };
const MAP_RUPEES = 800;
const DAY_ONE = "Arrival in the Pink City";
const departureDate = daysFromNow(30);

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A breakdown as shown, line by line: [key, label, amount]. */
const shownLines = (page: Page, scope: string) =>
  page.evaluate(
    (scope) =>
      [...document.querySelectorAll<HTMLElement>(`${scope} .price-lines dt[data-line]`)].map((dt) => [
        dt.dataset.line ?? "",
        dt.querySelector(".price-label")?.textContent ?? "",
        dt.nextElementSibling?.textContent ?? "",
      ]),
    scope,
  );

const STANDARD_FONTS = `${dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;

/** The PDF's text as a reader extracts it (pdf.js). */
async function pdfText(bytes: Uint8Array) {
  const doc = await getDocument({ data: bytes.slice(), standardFontDataUrl: STANDARD_FONTS, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let p = 1; p <= doc.numPages; p++) {
    const content = await (await doc.getPage(p)).getTextContent();
    for (const item of content.items) if ("str" in item) parts.push(item.str + (item.hasEOL ? "\n" : ""));
  }
  await doc.destroy();
  return parts.join("");
}

/**
 * The QR code as drawn on the voucher's first page, read back from the page's own drawing: the white square it sits
 * on, and the black runs inside it, turned back into its grid of dark modules (row by row, as strings of 0 and 1).
 */
async function qrModulesOf(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPage(0).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  const ops = streams.map((s) => new TextDecoder("latin1").decode(decodePDFRawStream(s as PDFRawStream).decode())).join("\n");
  type Rect = { colour: string; x: number; y: number; w: number; h: number };
  const rects: Rect[] = [];
  const rect = /^([\d.]+ [\d.]+ [\d.]+) rg\n[\s\S]*?1 0 0 1 ([-\d.]+) ([-\d.]+) cm\n[\s\S]*?0 0 m\n0 ([\d.]+) l\n([\d.]+) [\d.]+ l\n/;
  for (const block of ops.split(/\nQ\n/)) {
    const m = rect.exec(block.slice(block.lastIndexOf("q\n") + 2));
    if (m) rects.push({ colour: m[1], x: Number(m[2]), y: Number(m[3]), h: Number(m[4]), w: Number(m[5]) });
  }
  const box = rects.find((r) => r.colour === "1 1 1" && r.w === r.h && r.w >= 60);
  if (!box) throw new Error("no QR code on the voucher's first page");
  const dark = rects.filter((r) => r.colour === "0 0 0" && r.x >= box.x && r.x < box.x + box.w && r.y >= box.y && r.y < box.y + box.h);
  const cell = dark[0].h;
  const count = Math.round(box.w / cell) - 8;
  const grid = Array.from({ length: count }, () => Array<string>(count).fill("0"));
  const top = box.y + box.h;
  for (const r of dark) {
    const row = Math.round((top - r.y) / cell) - 5;
    const from = Math.round((r.x - box.x) / cell) - 4;
    for (let c = from; c < from + Math.round(r.w / cell); c++) grid[row][c] = "1";
  }
  return grid.map((row) => row.join(""));
}

/** The modules of `text`'s QR code (error correction M, the smallest version that holds it). */
function qrModulesFor(text: string) {
  const qr = qrcode(0, "M");
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => (qr.isDark(r, c) ? "1" : "0")).join(""));
}

/** What the traveller picks, priced as the server prices it: the second room type, MAP and one balloon ride, 1 adult. */
const expected = priceBooking({
  unitPrice: PACKAGE.unitPrice,
  adults: 1,
  children: 0,
  durationDays: PACKAGE.durationDays,
  choices: {
    room: { pricePerNight: ROOMS[1].rupees * 100, rooms: 1 },
    mealPlan: { supplement: MAP_RUPEES * 100 },
    addons: [{ price: ADDON.rupees * 100, unit: "person", quantity: 1 }],
  },
});

let seller: Page;
let traveller: Page;
let travellerAuth: Record<string, string>;
let booking: { id: string; ref: string };

describe("a package becomes a tour product", () => {
  it("1. the seller adds a departure of 2 seats, a hotel with two room types, MAP and an add-on; the package page on their domain shows them at 390 px", async () => {
    const context: BrowserContext = await browser.newContext(phone);
    seller = await context.newPage();
    await e2e.signIn(seller, SELLER_A);

    // A hotel with two room types.
    await seller.goto(`${e2e.origin}/seller-dashboard/hotels`);
    await whenHydrated(seller);
    const addHotel = seller.getByRole("region", { name: "Add a hotel" });
    await addHotel.getByLabel("Hotel name").fill(HOTEL);
    await addHotel.getByLabel("City").fill("Jaipur");
    await addHotel.getByLabel("Star category").selectOption("4");
    await addHotel.getByRole("button", { name: "Add hotel" }).click();
    const addRoom = seller.getByRole("form", { name: `Add a room type to ${HOTEL}` });
    for (const room of ROOMS) {
      await addRoom.getByLabel("New room type").fill(room.name);
      await addRoom.getByLabel("Sleeps").fill("2");
      await addRoom.getByLabel("Per night (₹)").fill(String(room.rupees));
      await addRoom.getByRole("button", { name: "Add room type" }).click();
      await seller.getByRole("form", { name: `Room type ${room.name}` }).waitFor();
    }

    // An add-on.
    await seller.goto(`${e2e.origin}/seller-dashboard/addon-itinerary`);
    await whenHydrated(seller);
    const addAddon = seller.getByRole("form", { name: "Add an add-on" });
    await addAddon.getByLabel("Add-on name").fill(ADDON.name);
    await addAddon.getByLabel("Price (₹)").fill(String(ADDON.rupees));
    await addAddon.getByLabel("Charged").selectOption("person");
    await addAddon.getByLabel("Maximum quantity").fill("2");
    await addAddon.getByRole("button", { name: "Add add-on" }).click();
    await seller.getByRole("form", { name: `Edit ${ADDON.name}` }).waitFor();

    // The package form offers them, with MAP and the first day of the itinerary.
    await seller.goto(`${e2e.origin}/seller-dashboard/packages/modify-package/${PACKAGE.id}`);
    await whenHydrated(seller);
    await seller.getByRole("checkbox", { name: new RegExp(`^${HOTEL}, Jaipur \\(4 star\\)`) }).check();
    await seller.getByRole("checkbox", { name: "Offer MAP (Breakfast and one meal)" }).check();
    await seller.getByLabel("MAP supplement per person per night (₹)").fill(String(MAP_RUPEES));
    await seller.getByRole("checkbox", { name: new RegExp(`^${ADDON.name}: ₹4,500 per person`) }).check();
    await seller.getByRole("button", { name: "Add a day" }).click();
    await seller.getByLabel("Day 1: Title").fill(DAY_ONE);
    await seller.getByLabel("Day 1: Overnight stay").fill(HOTEL);
    await seller.getByLabel("Day 1: Meals included").fill("Dinner");
    await seller.getByLabel("Day 1: What happens").fill("Check in, then an evening walk through the bazaars of the old city.");
    expect(await noSidewaysScroll(seller)).toBe(0);
    await seller.getByRole("button", { name: "Save changes" }).click();
    await seller.waitForURL(`${e2e.origin}/seller-dashboard/packages`);

    // A departure of 2 seats.
    await seller.goto(`${e2e.origin}/seller-dashboard/event-packages`);
    await whenHydrated(seller);
    await seller.locator("#dp-package").selectOption({ label: PACKAGE.name });
    await seller.locator("#dp-date").fill(departureDate);
    await seller.locator("#dp-capacity").fill("2");
    await seller.getByRole("button", { name: "Add departure" }).click();
    await seller.getByText(`Departure on ${departureDate} added to ${PACKAGE.name}`).waitFor();

    // The package page on the seller's own domain, on a 390 px phone.
    const visitorContext = await browser.newContext(phone);
    const visitor = await visitorContext.newPage();
    const res = await visitor.goto(`${site}/package/${PACKAGE.id}`);
    expect(res?.status()).toBe(200);
    const departures = visitor.getByTestId("departures");
    expect(await departures.textContent()).toContain(formatDate(departureDate));
    expect(await departures.textContent()).toContain("2 seats left");
    const choices = visitor.getByRole("region", { name: "Hotels, meals and add-ons" });
    const offered = await choices.textContent();
    expect(offered).toContain(HOTEL);
    expect(offered).toContain("Heritage double, sleeps 2: ₹3,000 per night");
    expect(offered).toContain("Royal suite, sleeps 2: ₹5,500 per night");
    expect(offered).toContain("MAP (Breakfast and one meal): ₹800 per person per night");
    expect(offered).toContain(`${ADDON.name}: ₹4,500 per person`);
    await visitor.getByRole("heading", { name: `Day 1: ${DAY_ONE}` }).waitFor();
    expect(await noSidewaysScroll(visitor)).toBe(0);
    await visitorContext.close();
  });

  it("2. a traveller books the second room type with MAP and the add-on and pays; the breakdown is the server's line by line; one seat is left", async () => {
    const customer = await newCustomer(e2e.w, "tourbook");
    travellerAuth = bearer(customer);
    const context = await browser.newContext(phone);
    traveller = await context.newPage();
    await e2e.signIn(traveller, customer.user.email, { origin: site, password: customer.password });
    await traveller.goto(`${site}/package/${PACKAGE.id}`);
    await whenHydrated(traveller);
    await traveller.getByRole("button", { name: "Book Now" }).click();
    const dialog = traveller.getByRole("dialog", { name: `Book ${PACKAGE.name}` });
    await dialog.waitFor();
    expect(await dialog.getByRole("radio", { name: new RegExp(formatDate(departureDate)) }).isChecked()).toBe(true);
    await dialog.getByLabel("Adults").selectOption("1");
    await dialog.locator("#traveller-0-name").fill("Meera Iyer");
    await dialog.locator("#traveller-0-age").fill("31");
    await dialog.locator("#traveller-0-gender").selectOption("female");
    await dialog.getByLabel("Hotel and room type (per room per night)").selectOption({ label: "Royal suite, sleeps 2: ₹5,500" });
    await dialog.getByLabel("Meal plan (per person per night)").selectOption("MAP");
    await dialog.getByLabel(`${ADDON.name}: ₹4,500 per person`).selectOption("1");

    const total = formatRupees(expected.total);
    await eventually(() => dialog.locator("dd.price-total").textContent()).toBe(total);
    const preview = await shownLines(traveller, ".price-preview");
    expect(await noSidewaysScroll(traveller)).toBe(0);

    await dialog.getByRole("button", { name: `Pay ${total}` }).click();
    await traveller
      .getByRole("dialog", { name: "Test payment" })
      .getByRole("button", { name: `Pay ${total}` })
      .click();
    await traveller.getByRole("heading", { level: 1, name: "Request sent" }).waitFor();

    const row = await e2e.w.d1
      .prepare("SELECT id, booking_ref AS ref FROM bookings WHERE user_id = ? AND package_id = ?")
      .bind(customer.user.id, PACKAGE.id)
      .first<{ id: string; ref: string }>();
    booking = row ?? { id: "", ref: "" };
    const served = await e2e.w.api("GET", `/api/bookings/${booking.id}`, undefined, travellerAuth);
    expect(served.status).toBe(200);
    const { pricing, choices } = served.body.data as { pricing: Pricing; choices: Parameters<typeof priceLines>[1] };
    // The server's price, line by line, is what the form showed, and what the traveller chose at the prices set.
    const serverLines = priceLines(pricing, choices).map((l) => [l.key, l.label, lineAmount(l)]);
    expect(preview).toEqual(serverLines);
    expect(serverLines).toContainEqual(["room", `Hotel: ${HOTEL}`, formatRupees(ROOMS[1].rupees * 100 * 3)]);
    expect(serverLines).toContainEqual(["meal", "Meals: MAP", formatRupees(MAP_RUPEES * 100 * 3)]);
    expect(serverLines.some(([key, label, amount]) => key.startsWith("addon:") && label === ADDON.name && amount === "₹4,500")).toBe(true);
    expect(pricing.total).toBe(expected.total);
    // The booking page says the same.
    await traveller.goto(`${site}/booking/${booking.id}`);
    await traveller.getByRole("heading", { name: "Pricing" }).waitFor();
    expect(await shownLines(traveller, "")).toEqual(serverLines);

    await traveller.goto(`${site}/package/${PACKAGE.id}`);
    await eventually(() => traveller.getByTestId("departures").textContent()).toContain("Only 1 left");
  });

  it("3. the seller approves; the traveller's voucher from the booking page is a PDF with the reference, ₹ amounts, the departure date and a QR code of its verify page", async () => {
    await seller.goto(`${e2e.origin}/seller-dashboard/orders/${booking.id}`);
    await whenHydrated(seller);
    await seller.getByRole("button", { name: "Approve", exact: true }).click();
    await answerConfirm(seller, "Approve booking");
    await seller.getByText("Booking approved successfully").waitFor();

    await traveller.goto(`${site}/booking/${booking.id}`);
    const [download] = await Promise.all([
      traveller.waitForEvent("download"),
      traveller.getByRole("link", { name: "Download voucher (PDF)" }).click(),
    ]);
    const bytes = new Uint8Array(await readFile(await download.path()));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const text = await pdfText(bytes);
    expect(text).toContain(booking.ref);
    expect(text).toContain(formatDate(departureDate));
    expect(text).toContain(formatRupees(expected.total));
    expect(text).toContain(HOTEL);
    expect(text).toContain(DAY_ONE);
    const verify = /http:\/\/\S+\/verify\/\S+/.exec(text)?.[0] ?? "";
    expect(verify).toContain(`/verify/${booking.ref}?t=`);
    // The QR code drawn on the page is exactly the code of that address.
    expect(await qrModulesOf(bytes)).toEqual(qrModulesFor(verify));

    // The address is the platform's (in these tests http://localhost, without this worker's port): opened here.
    const address = new URL(verify);
    await traveller.goto(`${e2e.origin}${address.pathname}${address.search}`);
    await traveller.getByRole("heading", { level: 1, name: "Booking voucher check" }).waitFor();
    const check = (await traveller.locator("main").textContent()) ?? "";
    expect(check).toContain(booking.ref);
    expect(check).toContain("Confirmed");
    expect(check).not.toContain("Meera");
  });

  it("4. once the last seat is gone the departure cannot be booked: the page and form say sold out, the cart flags the trip, the API refuses", async () => {
    // A second traveller puts the last seat in their cart; a third books it before they pay.
    const request = bookingRequest(
      {
        packageId: PACKAGE.id,
        travelDates: { startDate: departureDate },
        preferences: { hotel: { roomType: "standard" }, transport: { type: "included" } },
      },
      { adults: 1, children: 0 },
    );
    const waiting = await newCustomer(e2e.w, "tourcart");
    expect((await e2e.w.api("POST", "/api/cart", request, bearer(waiting))).status).toBe(201);
    const last = await newCustomer(e2e.w, "tourlast");
    expect((await createBookingAs(e2e.w, bearer(last), request)).status).toBe(201);

    // The API: another request, and the waiting traveller's checkout, are refused with a clear sold-out answer.
    const again = await createBookingAs(e2e.w, travellerAuth, request);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, message: soldOutMessage(departureDate) });
    const checkout = await e2e.w.api("POST", "/api/payments/checkout", { source: "cart" }, bearer(waiting));
    expect(checkout.status).toBe(422);
    expect(checkout.body.message).toBe(
      `A trip in your cart cannot be booked: ${soldOutMessage(departureDate)}. Please remove it or change it.`,
    );
    const orders = await e2e.w.d1
      .prepare("SELECT count(*) AS n FROM payments WHERE user_id = ?")
      .bind(waiting.user.id)
      .first<{ n: number }>();
    expect(orders?.n).toBe(0);

    // The package page and its form.
    await traveller.goto(`${site}/package/${PACKAGE.id}`);
    await eventually(() => traveller.getByTestId("departures").textContent()).toContain("Sold out");
    await whenHydrated(traveller);
    await traveller.getByRole("button", { name: "Book Now" }).click();
    const dialog = traveller.getByRole("dialog", { name: `Book ${PACKAGE.name}` });
    await dialog.getByText("Every departure of this package is sold out or closed.").waitFor();
    expect(await dialog.getByRole("radio", { name: new RegExp(formatDate(departureDate)) }).isDisabled()).toBe(true);

    // The cart flags the trip in clear words and cannot be paid.
    const cartContext = await browser.newContext(phone);
    const cart = await cartContext.newPage();
    await e2e.signIn(cart, waiting.user.email, { password: waiting.password });
    await cart.goto(`${e2e.origin}/cart`);
    const line = cart.getByRole("list", { name: "Trips in your cart" }).getByRole("listitem");
    await eventually(() => line.textContent()).toContain(soldOutMessage(departureDate));
    expect(await cart.getByRole("button", { name: /^Pay / }).isDisabled()).toBe(true);
    await cart.getByText("Remove the trips that can no longer be booked to continue.").waitFor();
    expect(await noSidewaysScroll(cart)).toBe(0);
    await cartContext.close();
  });
});
