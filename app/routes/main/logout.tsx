import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { LOGOUT_EVERYWHERE, logoutResponse } from "~/components/auth/auth-actions.server";
import { LogoutForm } from "~/components/auth/logout-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { actionInput, signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Log out | Tripbazaar" }, { name: "robots", content: "noindex" }];
export const headers = () => signedInHeaders;

/** Whether there is a session cookie to end (the page asks, or says there is none). */
export const loader = ({ context }: LoaderFunctionArgs) => ({ signedIn: context.viewer !== null });

/** Logout (spec §4): the session ends and its cookie goes, then the home page; or every session of the account. */
export async function action({ request, context }: ActionFunctionArgs) {
  const input = await actionInput(request).catch(() => ({}) as Record<string, unknown>);
  return logoutResponse(context, "/", { everywhere: input.intent === LOGOUT_EVERYWHERE });
}

/** The address logout forms post to; opened on its own, it asks (and works without scripts). */
export default function Page() {
  const { signedIn } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="container page">
      <div className="card stack" style={{ maxWidth: "48rem", marginInline: "auto" }}>
        <h1>Log out</h1>
        {signedIn ? (
          <>
            <p className="muted">Log out of Tripbazaar on this device?</p>
            <div>
              <LogoutForm label="Log out" className="btn" ask={false} />
            </div>
          </>
        ) : (
          <p className="muted">
            You are not signed in. <Link to="/login">Log in</Link>
          </p>
        )}
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
