import { ComingSoon } from "~/components/coming-soon";

// Placeholder until its issue lands; replace the body.
export function SellerSignupPage() {
  return <ComingSoon title="Join Our Community" />;
}
