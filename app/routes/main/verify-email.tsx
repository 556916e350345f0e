import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useNavigate, useSearchParams } from "@remix-run/react";
import { type AuthAnswer, MAIN_TARGETS, authAction } from "~/components/auth/auth-actions.server";
import { CodeStep } from "~/components/auth/code-step";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Verify email | Tripbazaar" }];

/** The code posts here: the same action as signup's code step; a verified account signs in to its dashboard. */
export const action = (args: ActionFunctionArgs) => authAction(args, MAIN_TARGETS);

/** Open to everyone (spec §2): enter the emailed code for ?userId=…&email=… */
export default function Page() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const answered = useActionData<AuthAnswer>()?.code;
  const userId = params.get("userId") ?? answered?.userId;
  const email = params.get("email") ?? answered?.email ?? "your email";
  return (
    <main id="main" className="container page">
      <div className="card stack" style={{ maxWidth: "48rem", marginInline: "auto" }}>
        <h1>Verify email</h1>
        {userId ? (
          <CodeStep
            userId={userId}
            email={email}
            homeHref="/"
            flow="signup"
            justSent={params.get("sent") === "1"}
            onVerified={(to) => navigate(to, { replace: true })}
          />
        ) : (
          <p className="muted">
            To verify your email, <Link to="/signup">sign up</Link> or <Link to="/login">log in</Link>: we send you a 6-digit code.
          </p>
        )}
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
