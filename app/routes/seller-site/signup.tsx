import { ComingSoon } from "~/components/coming-soon";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export default function Page() {
  return <ComingSoon title="Join Our Community" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
