import { PDFDocument, type PDFImage, type PDFPage, rgb } from "pdf-lib";
import qrcode from "qrcode-generator";
import { readableTextOn } from "../../shared/colors";
import { formatDate, formatRupees } from "../../shared/format";
import { VoucherType } from "./pdf-text";
import type { VoucherTemplate } from "./template";
import type { VoucherView } from "./view";

/**
 * The booking voucher as a PDF (ADR 0046), drawn with pdf-lib inside the Worker. One A4 page or more: the seller's
 * band (logo or name, header text, colours), the booking reference and a QR code that opens the verify page, then
 * the sections the seller chose, each printed only when the booking has something for it.
 * SECURITY: every text (the seller's and the traveller's) is drawn as text (./pdf-text.ts); nothing in it is read as
 * PDF syntax, and characters the fonts lack print as "?".
 */

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const BODY = 9.5;
const LINE = 13;

const colorOf = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};
const INK = rgb(0.12, 0.12, 0.14);
const MUTED = rgb(0.38, 0.38, 0.42);
const RULE = rgb(0.85, 0.85, 0.88);

export type VoucherLogo = { bytes: Uint8Array; type: "png" | "jpg" } | null;

/** Lines of `text` no wider than `width` at `size`, word by word (a word wider than the line stands alone). */
function wrapText(type: VoucherType, text: string, width: number, size = BODY, bold = false): string[] {
  const space = type.width(" ", size, bold);
  const lines: string[] = [];
  let line = "";
  let used = 0;
  for (const word of type.printable(text).split(" ")) {
    const w = type.width(word, size, bold);
    if (!line || used + space + w <= width) {
      used = line ? used + space + w : w;
      line = line ? `${line} ${word}` : word;
    } else {
      lines.push(line);
      line = word;
      used = w;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws the flow of the voucher: a cursor moving down, a new page when one is full. */
class Sheet {
  page: PDFPage;
  y: number;
  constructor(
    private doc: PDFDocument,
    readonly type: VoucherType,
    private footer: (page: PDFPage) => void,
  ) {
    this.page = this.addPage();
    this.y = A4.height - MARGIN;
  }

  private addPage() {
    const page = this.doc.addPage([A4.width, A4.height]);
    this.footer(page);
    return page;
  }

  /** Room for `height` more points, or a new page. */
  need(height: number) {
    if (this.y - height >= MARGIN + 30) return;
    this.page = this.addPage();
    this.y = A4.height - MARGIN;
  }

  wrap(text: string, width: number, size = BODY, bold = false) {
    return wrapText(this.type, text, width, size, bold);
  }

  text(text: string, { x = MARGIN, size = BODY, bold = false, color = INK, width = A4.width - 2 * MARGIN } = {}) {
    for (const line of this.wrap(text, width, size, bold)) {
      this.need(size + 4);
      this.type.draw(this.page, line, { x, y: this.y - size, size, bold, color });
      this.y -= size + 4;
    }
  }

  /** A label and its value on one row (value right-aligned when `right`). */
  row(label: string, value: string, { right = false, bold = false } = {}) {
    this.need(LINE);
    const shown = this.type.printable(value);
    const y = this.y - BODY;
    this.type.draw(this.page, this.type.printable(label), { x: MARGIN, y, size: BODY, bold, color: bold ? INK : MUTED });
    const x = right ? A4.width - MARGIN - this.type.width(shown, BODY, bold) : MARGIN + 150;
    this.type.draw(this.page, shown, { x, y, size: BODY, bold, color: INK });
    this.y -= LINE;
  }

  heading(title: string, color: ReturnType<typeof rgb>) {
    this.need(34);
    this.y -= 10;
    this.type.draw(this.page, this.type.printable(title), { x: MARGIN, y: this.y - 12, size: 12, bold: true, color });
    this.y -= 16;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: A4.width - MARGIN, y: this.y }, thickness: 0.6, color: RULE });
    this.y -= 6;
  }

  bullets(items: string[]) {
    for (const item of items) this.text(`• ${item}`, { x: MARGIN + 6, width: A4.width - 2 * MARGIN - 6 });
  }
}

/** The QR code of `text` as dark squares, `size` points wide, its top-left at (x, top). Runs of a row are one rectangle. */
function drawQr(page: PDFPage, text: string, x: number, top: number, size: number) {
  const qr = qrcode(0, "M");
  qr.addData(text);
  qr.make();
  const count = qr.getModuleCount();
  const cell = size / (count + 8);
  page.drawRectangle({ x, y: top - size, width: size, height: size, color: rgb(1, 1, 1) });
  for (let r = 0; r < count; r++) {
    let c = 0;
    while (c < count) {
      if (!qr.isDark(r, c)) {
        c++;
        continue;
      }
      const from = c;
      while (c < count && qr.isDark(r, c)) c++;
      page.drawRectangle({
        x: x + (4 + from) * cell,
        y: top - (4 + r + 1) * cell,
        width: (c - from) * cell,
        height: cell,
        color: rgb(0, 0, 0),
      });
    }
  }
}

const STATUS_WORDS: Record<string, string> = {
  confirmed: "Confirmed",
  pending: "Awaiting confirmation",
  cancelled: "Cancelled",
  rejected: "Rejected",
};
export const statusWord = (status: string) => STATUS_WORDS[status] ?? status;

/** The voucher of `view` in the seller's `template`, with a QR code of `verifyUrl`. */
export async function renderVoucher(view: VoucherView, template: VoucherTemplate, verifyUrl: string, logo: VoucherLogo = null) {
  const doc = await PDFDocument.create();
  const type = await VoucherType.embed(doc);
  doc.setTitle(`${view.document ? view.document.details.heading : "Voucher"} ${view.bookingRef}`);
  doc.setAuthor(type.printable(view.seller.name));
  doc.setCreator("Tripbazaar");
  doc.setProducer("Tripbazaar");

  const primary = colorOf(template.primaryColor);
  const accent = colorOf(template.accentColor);
  const onPrimary = colorOf(readableTextOn(template.primaryColor));
  const on = new Set(template.sections);

  const footerLines = [
    template.emergencyPhone ? `Emergency contact: ${template.emergencyPhone}` : null,
    template.footerText || null,
    `${view.seller.name} · Booking ${view.bookingRef}`,
  ].filter((l): l is string => Boolean(l));
  const footerRows = footerLines.flatMap((line) => wrapText(type, line, A4.width - 2 * MARGIN, 7.5));
  const footer = (page: PDFPage) => {
    let y = MARGIN - 4;
    for (const line of [...footerRows].reverse()) {
      type.draw(page, line, { x: MARGIN, y, size: 7.5, color: MUTED });
      y += 9;
    }
  };
  const sheet = new Sheet(doc, type, footer);
  const page = sheet.page;

  // The seller's band: logo or name, header text.
  const band = 74;
  page.drawRectangle({ x: 0, y: A4.height - band, width: A4.width, height: band, color: primary });
  let image: PDFImage | null = null;
  if (logo) {
    try {
      image = logo.type === "png" ? await doc.embedPng(logo.bytes) : await doc.embedJpg(logo.bytes);
    } catch {
      image = null; // An image pdf-lib cannot read: the seller's name stands in for it.
    }
  }
  let nameX = MARGIN;
  if (image) {
    const scaled = image.scaleToFit(120, band - 24);
    page.drawImage(image, { x: MARGIN, y: A4.height - band + (band - scaled.height) / 2, ...scaled });
    nameX = MARGIN + scaled.width + 12;
  }
  type.draw(page, type.printable(view.seller.name).slice(0, 60), { x: nameX, y: A4.height - 32, size: 16, bold: true, color: onPrimary });
  const header = template.headerText ? wrapText(type, template.headerText, A4.width - nameX - MARGIN, 9).slice(0, 2) : [];
  for (const [i, line] of header.entries()) type.draw(page, line, { x: nameX, y: A4.height - 50 - i * 11, size: 9, color: onPrimary });
  sheet.y = A4.height - band - 18;

  // The reference, status and QR code.
  const qrSize = 96;
  const qrTop = sheet.y;
  drawQr(page, verifyUrl, A4.width - MARGIN - qrSize, qrTop, qrSize);
  type.draw(page, "Scan to verify", { x: A4.width - MARGIN - qrSize + 18, y: qrTop - qrSize - 10, size: 7.5, color: MUTED });
  type.draw(page, view.document?.heading ?? "BOOKING VOUCHER", { x: MARGIN, y: sheet.y - 10, size: 9, bold: true, color: accent });
  type.draw(page, type.printable(view.bookingRef), { x: MARGIN, y: sheet.y - 32, size: 20, bold: true, color: INK });
  sheet.y -= 44;
  const narrow = A4.width - 2 * MARGIN - qrSize - 16;
  sheet.text(`Status: ${statusWord(view.status)}`, { bold: true, width: narrow });
  sheet.text(`${view.packageName} · ${view.city} · ${view.duration}`, { width: narrow });
  sheet.text(`${view.document?.dateLabel ?? "Travel date"}: ${formatDate(view.travelDate)}`, { width: narrow });
  sheet.text(
    `Travellers: ${view.adults} adult${view.adults === 1 ? "" : "s"}${view.children ? `, ${view.children} child${view.children === 1 ? "" : "ren"}` : ""}`,
    {
      width: narrow,
    },
  );
  if (view.seller.phone) sheet.text(`Contact ${view.seller.name}: ${view.seller.phone}`, { width: narrow, color: MUTED });
  sheet.y = Math.min(sheet.y, qrTop - qrSize - 18);
  // The QR code's address in words too, for a reader without a camera.
  sheet.text(`Check this booking's live status: ${verifyUrl}`, { size: 7, color: MUTED });

  if (on.has("departure") && view.departure) {
    sheet.heading("Departure", accent);
    sheet.row("Date", formatDate(view.departure.date));
    if (view.departure.label) sheet.text(view.departure.label);
  }

  if (view.document) {
    sheet.heading(view.document.details.heading, accent);
    for (const line of view.document.details.lines) sheet.text(line);
  }

  if (on.has("travellers") && view.travellers.length) {
    sheet.heading("Travellers", accent);
    for (const [i, t] of view.travellers.entries()) {
      sheet.row(`${i + 1}. ${t.name}`, `${t.type === "child" ? "Child" : "Adult"}${t.age ? `, ${t.age}` : ""}`);
    }
  }

  if (on.has("hotels")) {
    if (view.hotels?.length) {
      sheet.heading("Hotels and meal plans", accent);
      for (const h of view.hotels) {
        sheet.text(`${h.nights}: ${h.hotel}`, { bold: true });
        const extra = [h.room, h.mealPlan].filter(Boolean).join(" · ");
        if (extra) sheet.text(extra, { x: MARGIN + 10, color: MUTED });
      }
    } else if (view.preferences.hotel || view.preferences.room || view.preferences.transport) {
      sheet.heading("Stay and transport", accent);
      if (view.preferences.hotel) sheet.row("Hotel", view.preferences.hotel);
      if (view.preferences.room) sheet.row("Room", view.preferences.room);
      if (view.preferences.transport) sheet.row("Transport", view.preferences.transport);
    }
  }

  if (on.has("itinerary") && view.itinerary?.length) {
    sheet.heading("Day by day", accent);
    for (const d of view.itinerary) {
      sheet.text(`Day ${d.day}: ${d.title}`, { bold: true });
      if (d.details) sheet.text(d.details, { x: MARGIN + 10 });
      const notes = [d.overnight ? `Overnight: ${d.overnight}` : "", d.meals ? `Meals: ${d.meals}` : ""].filter(Boolean).join(" · ");
      if (notes) sheet.text(notes, { x: MARGIN + 10, color: MUTED });
    }
  }

  if (on.has("inclusions") && (view.inclusions.length || view.exclusions.length)) {
    if (view.inclusions.length) {
      sheet.heading("Included", accent);
      sheet.bullets(view.inclusions);
    }
    if (view.exclusions.length) {
      sheet.heading("Not included", accent);
      sheet.bullets(view.exclusions);
    }
  }

  if (on.has("addons") && view.addons?.length) {
    sheet.heading("Add-ons", accent);
    for (const a of view.addons) sheet.row(`${a.name} × ${a.quantity}`, formatRupees(a.amount), { right: true });
  }

  if (on.has("payments")) {
    sheet.heading("Price and payment", accent);
    for (const line of view.priceLines) sheet.row(line.label, line.amount, { right: true, bold: line.label === "Total" });
    sheet.row(
      "Paid",
      view.paid ? `${formatRupees(view.paid.amount)}${view.paid.on ? ` on ${formatDate(view.paid.on)}` : ""}` : "Nothing yet",
      {
        right: true,
      },
    );
    if (view.refunded)
      sheet.row(
        "Refunded",
        `${formatRupees(view.refunded.amount)}${view.refunded.status === "processed" ? "" : ` (${view.refunded.status})`}`,
        {
          right: true,
        },
      );
  }

  if (view.specialRequests) {
    sheet.heading("Special requests", accent);
    sheet.text(view.specialRequests);
  }

  if (on.has("policy") && view.cancellationPolicy.length) {
    sheet.heading("Cancellation policy", accent);
    sheet.bullets(view.cancellationPolicy);
  }

  // Without object streams: cheaper to write, and every reader opens it.
  return doc.save({ useObjectStreams: false });
}
