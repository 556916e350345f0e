import type { MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ContentPage } from "~/components/main/content-page";

export const meta: MetaFunction = () => [
  { title: "Terms of Service | Tripbazaar" },
  { name: "description", content: "The rules for using Tripbazaar." },
];

const SECTIONS = [
  {
    heading: "The service",
    body: [
      "Tripbazaar is a marketplace: tour packages are offered by independent travel agents, who confirm or decline each booking request.",
    ],
  },
  {
    heading: "Bookings",
    body: [
      "A booking request is not confirmed until the travel agent approves it. Prices are shown in Indian rupees and include the booking fee shown at checkout.",
    ],
  },
  { heading: "Accounts", body: ["Keep your password safe. You are responsible for activity on your account."] },
];

export default function Page() {
  return <ContentPage title="Terms of Service" intro="The rules for using Tripbazaar." sections={SECTIONS} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
