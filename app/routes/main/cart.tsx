import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { ComingSoon } from "~/components/coming-soon";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUser, signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Cart | Tripbazaar" }];

export const headers: HeadersFunction = () => signedInHeaders;

// Login required (spec §2): signed out goes to /login?redirect=, back here after.
export async function loader({ context }: LoaderFunctionArgs) {
  await requireUser(context);
  return {};
}

export default function Page() {
  return <ComingSoon title="Cart" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
