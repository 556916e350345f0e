import { ContentPage } from "./content-page";

const SECTIONS = [
  {
    heading: "What we do",
    body: [
      "Tripbazaar is where India's travel agents run their business and where travellers find them: tour packages, flights and hotels, booked with people who know the places.",
      "Every agent on Tripbazaar gets a dashboard for packages and bookings and a branded website of their own, on our address or on their own domain.",
    ],
  },
  {
    heading: "For travellers",
    body: [
      "Compare packages, send a booking request with your travellers and preferences, and follow it from request to confirmation in your dashboard.",
    ],
  },
];

export function MainAboutPage() {
  return <ContentPage title="About Tripbazaar" sections={SECTIONS} />;
}
