import { ContentPage } from "./content-page";

/**
 * The team page (issue 28): what each part of the team does for travellers and agents, by role. No names or photos:
 * nobody is presented as a person who is not one.
 */
const SECTIONS = [
  {
    heading: "Seller onboarding",
    body: [
      "Reads every application to sell on Tripbazaar: the business, where it operates and what it offers. An agent starts selling only once the application is approved, and a refused one is told why and may apply again.",
    ],
  },
  {
    heading: "Listings and reviews",
    body: [
      "Keeps packages honest: checks new packages and changes to their descriptions and photos when the platform asks for approval, and looks at reviews that trip the automatic checks. A review is never removed for being negative, only for a stated reason from a published list.",
    ],
  },
  {
    heading: "Traveller support",
    body: [
      "Answers travellers about bookings, payments and refunds, and steps in when a refund the payment provider refused needs another try. Write to us from the contact page; every message gets a reply from a person.",
    ],
  },
  {
    heading: "Trust and safety",
    body: [
      "Checks student IDs for the student discount, can switch off an account or a custom domain that is misused, and keeps the audit log: every action taken in the operator's panel is recorded with who took it, when and why, and no entry can be changed or deleted.",
    ],
  },
  {
    heading: "Engineering",
    body: [
      "Builds and runs the marketplace, the agents' dashboards and websites, and the connections to payment, email and travel suppliers, with pages that work on a 360-pixel phone, without scripts and with a screen reader.",
    ],
  },
];

export function MainTeamPage() {
  return (
    <ContentPage
      title="The Tripbazaar team"
      intro="A small team in India runs Tripbazaar. Here is what each part of it does for travellers and travel agents."
      sections={SECTIONS}
    />
  );
}
