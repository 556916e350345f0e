import { ComingSoon } from "~/components/coming-soon";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export default function Page() {
  return <ComingSoon title="Package" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
