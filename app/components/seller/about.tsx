import { ComingSoon } from "~/components/coming-soon";

// Placeholder until its issue lands; replace the body.
export function SellerAboutPage() {
  return <ComingSoon title="About us" />;
}
