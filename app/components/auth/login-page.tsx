import { ComingSoon } from "~/components/coming-soon";

// Placeholder until its issue lands; replace the body.
export function MainLoginPage() {
  return <ComingSoon title="Login" />;
}
