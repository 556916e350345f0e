import { ComingSoon } from "~/components/coming-soon";

// Placeholder until its issue lands; replace the body.
export function MainContactPage() {
  return <ComingSoon title="Contact Tripbazaar" />;
}
