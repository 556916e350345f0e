import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { MAIN_TARGETS, authAction, guestOnly } from "~/components/auth/auth-actions.server";
import { afterOwnPost } from "~/components/auth/guest-only";
import { MainLoginPage } from "~/components/auth/login-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Login | Tripbazaar" }];
export const headers = () => signedInHeaders;

export const loader = ({ context }: LoaderFunctionArgs) => guestOnly(context);
export const shouldRevalidate = afterOwnPost;

export const action = (args: ActionFunctionArgs) => authAction(args, MAIN_TARGETS);

export default function Page() {
  return <MainLoginPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
