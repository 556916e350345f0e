import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigate, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { type AuthAnswer, type HandoverQuestion, handoverAction } from "~/components/auth/auth-actions.server";
import { useHydrated } from "~/lib/use-hydrated";
import { signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Signing in | Tripbazaar" }, { name: "robots", content: "noindex" }];
// The address carries a token: never sent on as a referrer, never cached.
export const headers = () => signedInHeaders;

/** The hand-over is checked on the server, which sets the session cookie and sends the browser back. */
export const action = (args: ActionFunctionArgs) => handoverAction(args);

/**
 * Where a sign-in hand-over (spec §4) lands: its token and user are posted to the action, by the page itself
 * once scripts run, or by the visitor's Continue without them. A failed one is logged and goes to /login. When
 * another account is signed in here, the action asks first (ADR 0036): the person chooses, with or without scripts.
 */
export default function Page() {
  const [params] = useSearchParams();
  const submit = useSubmit();
  const navigate = useNavigate();
  // The failed hand-over's answer arrives while its revalidation still runs: leaving before it ends would abort it
  // (an AbortError in the console), so the way out waits for the router to be idle.
  const idle = useNavigation().state === "idle";
  const answer = useActionData<AuthAnswer | HandoverQuestion>();
  const question = answer && "confirm" in answer ? answer.confirm : null;
  const failed = question ? undefined : answer;
  const form = useRef<HTMLFormElement>(null);
  const started = useRef(false);
  const leaving = useRef(false);
  const hydrated = useHydrated();
  const token = params.get("token");
  const user = params.get("user");

  useEffect(() => {
    // Once on the way out: the effect runs again while that navigation is pending (navigate and submit change
    // identity), and a second navigate would abort the first.
    if (leaving.current || question) return;
    if (failed || !token || !user) {
      if (!idle) return;
      if (failed) console.log("Sign-in hand-over failed", failed.message);
      leaving.current = true;
      navigate("/login", { replace: true });
    } else if (form.current && !started.current) {
      started.current = true;
      submit(form.current, { replace: true });
    }
  }, [failed, question, token, user, submit, navigate, idle]);

  if (question && token && user) {
    return (
      <main id="main" className="container page">
        <div className="card stack" style={{ maxWidth: "48rem", marginInline: "auto" }}>
          <h1>Switch account?</h1>
          <p>
            You are signed in as <strong>{question.signedInAs}</strong>. This link signs in as <strong>{question.handedOver}</strong>.
          </p>
          <Form method="post" replace style={{ display: "flex", flexWrap: "wrap", gap: "0.75rem" }}>
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="user" value={user} />
            <input type="hidden" name="redirect" value={params.get("redirect") ?? "/"} />
            <button type="submit" name="confirm" value="1" className="btn">
              Sign in as {question.handedOver}
            </button>
            <Link to="/" className="btn btn-outline">
              Stay signed in as {question.signedInAs}
            </Link>
          </Form>
        </div>
      </main>
    );
  }

  return (
    <main id="main" className="container page">
      {token && user ? (
        <Form ref={form} method="post" className="stack">
          <input type="hidden" name="token" value={token} />
          <input type="hidden" name="user" value={user} />
          <input type="hidden" name="redirect" value={params.get("redirect") ?? "/"} />
          <p className="muted" role="status">
            Loading...
          </p>
          {hydrated ? null : (
            <button type="submit" className="btn">
              Continue
            </button>
          )}
        </Form>
      ) : (
        <p className="muted" role="status">
          Loading...
        </p>
      )}
    </main>
  );
}
