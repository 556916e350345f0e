import type { MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ContentPage } from "~/components/main/content-page";
import { REFUND_POLICY } from "@worker/domain/payments/policy";

export const meta: MetaFunction = () => [
  { title: "Cancellation and Refund | Tripbazaar" },
  { name: "description", content: "How cancellations work on Tripbazaar." },
];

const SECTIONS = [
  {
    heading: "Paying for a booking",
    body: [
      "You pay for a trip when you ask for it, online, through our payment partner. The travel agent then confirms the booking, and only a confirmed booking keeps your payment.",
    ],
  },
  { heading: "Cancelling a booking", body: ["You can cancel a pending or confirmed booking from your dashboard before its start date."] },
  { heading: "Refunds", body: REFUND_POLICY },
];

export default function Page() {
  return <ContentPage title="Cancellation and Refund" intro="How cancellations work on Tripbazaar." sections={SECTIONS} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
