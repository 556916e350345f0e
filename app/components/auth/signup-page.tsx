import { ComingSoon } from "~/components/coming-soon";

// Placeholder until its issue lands; replace the body.
export function MainSignupPage() {
  return <ComingSoon title="Sign up" />;
}
