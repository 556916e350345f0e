import { ContentPage } from "./content-page";

const SECTIONS = [
  {
    heading: "Travellers",
    body: [
      "Questions about a booking are best answered by the travel agent you booked with: their email and phone are on their website and in your booking.",
    ],
  },
  { heading: "Travel agents", body: ["To open a Tripbazaar store for your agency, write to sellers@tripbazaar.example."] },
  { heading: "Support", body: ["support@tripbazaar.example · Support hours 9 AM - 8 PM, Monday to Friday. We reply within 24 hours."] },
];

export function MainContactPage() {
  return <ContentPage title="Contact Tripbazaar" sections={SECTIONS} />;
}
