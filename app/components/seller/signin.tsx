import { ComingSoon } from "~/components/coming-soon";

// Placeholder until its issue lands; replace the body.
export function SellerSigninPage() {
  return <ComingSoon title="Welcome Back" />;
}
