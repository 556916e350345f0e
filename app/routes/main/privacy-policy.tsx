import type { MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ContentPage } from "~/components/main/content-page";

export const meta: MetaFunction = () => [
  { title: "Privacy Policy | Tripbazaar" },
  { name: "description", content: "How Tripbazaar and the travel agents on it handle your personal data." },
];

const SECTIONS = [
  {
    heading: "What we collect",
    body: [
      "Your name, email address and phone number when you create an account, and the traveller details you enter when you request a booking.",
      "Technical data needed to keep the service secure, such as your IP address for rate limiting.",
    ],
  },
  {
    heading: "How we use it",
    body: [
      "To run your account, pass your booking request to the travel agent you chose, and email you codes, receipts and updates about your bookings.",
      "We do not sell your data. Travel agents see only the bookings made with them.",
    ],
  },
  {
    heading: "Your choices",
    body: [
      "You can update your profile at any time from your account settings. To delete your account, write to privacy@tripbazaar.example.",
    ],
  },
];

export default function Page() {
  return (
    <ContentPage title="Privacy Policy" intro="How Tripbazaar and the travel agents on it handle your personal data." sections={SECTIONS} />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
