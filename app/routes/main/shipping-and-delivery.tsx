import type { MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ContentPage } from "~/components/main/content-page";

export const meta: MetaFunction = () => [
  { title: "Shipping and Delivery | Tripbazaar" },
  { name: "description", content: "Tripbazaar sells travel services; nothing is shipped." },
];

const SECTIONS = [
  {
    heading: "Delivery of bookings",
    body: [
      "Booking confirmations, vouchers and itineraries are delivered by email and are available in your dashboard as soon as the travel agent confirms your booking.",
    ],
  },
];

export default function Page() {
  return <ContentPage title="Shipping and Delivery" intro="Tripbazaar sells travel services; nothing is shipped." sections={SECTIONS} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
