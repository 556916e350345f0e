import { ComingSoon } from "~/components/coming-soon";

// Placeholder until its issue lands; replace the body.
export function MainAboutPage() {
  return <ComingSoon title="About Tripbazaar" />;
}
