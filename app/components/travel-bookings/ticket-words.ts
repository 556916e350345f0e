import type { TravelKind } from "@worker/domain/travel/offer";

/** What a travel booking's document is called, per kind: the page's words and the PDF's heading. */
export const TICKET_WORDS: Record<TravelKind, { details: string; download: string; heading: string; file: string }> = {
  flight: { details: "Itinerary", download: "Download e-ticket (PDF)", heading: "E-TICKET", file: "e-ticket" },
  hotel: { details: "Your stay", download: "Download hotel voucher (PDF)", heading: "HOTEL VOUCHER", file: "hotel-voucher" },
  bus: { details: "Your bus trip", download: "Download bus ticket (PDF)", heading: "BUS TICKET", file: "bus-ticket" },
};
