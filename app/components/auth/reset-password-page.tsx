import { ComingSoon } from "~/components/coming-soon";

// Placeholder until its issue lands; replace the body.
export function ResetPasswordPage() {
  return <ComingSoon title="Reset password" />;
}
