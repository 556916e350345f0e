import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useNavigate, useSearchParams } from "@remix-run/react";
import { CodeStep } from "~/components/auth/code-step";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { storeSession } from "~/lib/auth-storage";

export const meta: MetaFunction = () => [{ title: "Verify email | Tripbazaar" }];

/** Open to everyone (spec §2): enter the emailed code for ?userId=…&email=… */
export default function Page() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const userId = params.get("userId");
  const email = params.get("email") ?? "your email";
  return (
    <main id="main" className="container page">
      <div className="card stack" style={{ maxWidth: "48rem", marginInline: "auto" }}>
        <h1>Verify email</h1>
        {userId ? (
          <CodeStep
            userId={userId}
            email={email}
            homeHref="/"
            justSent={params.get("sent") === "1"}
            onVerified={(s) => {
              storeSession(s.token, s.user);
              navigate("/user-dashboard", { replace: true });
            }}
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
