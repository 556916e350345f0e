import type { MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ContentPage } from "~/components/main/content-page";

export const meta: MetaFunction = () => [
  { title: "Cancellation and Refund | Tripbazaar" },
  { name: "description", content: "How cancellations work on Tripbazaar." },
];

const SECTIONS = [
  { heading: "Cancelling a booking", body: ["You can cancel a pending or confirmed booking from your dashboard before its start date."] },
  {
    heading: "Refunds",
    body: [
      "Refunds of payments made for a cancelled booking are processed to the original payment method within 7 working days, less any non-refundable charges stated by the travel agent for that package.",
    ],
  },
];

export default function Page() {
  return <ContentPage title="Cancellation and Refund" intro="How cancellations work on Tripbazaar." sections={SECTIONS} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
