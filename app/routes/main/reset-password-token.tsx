import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { guestOnly, resetPasswordAction } from "~/components/auth/auth-actions.server";
import { signedInHeaders } from "~/lib/session.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ResetPasswordPage } from "~/components/auth/reset-password-page";

export const meta: MetaFunction = () => [{ title: "Reset password | Tripbazaar" }];

// The address carries the link's secret: never sent on as a referrer, never cached.
export const headers = () => signedInHeaders;

/** Guest only (spec §2). */
export const loader = ({ context }: LoaderFunctionArgs) => guestOnly(context);

/** The new password; then sign in. */
export const action = (args: ActionFunctionArgs) => resetPasswordAction(args, "/login");

export default function Page() {
  return <ResetPasswordPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
