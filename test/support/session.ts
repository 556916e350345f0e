import type { Page } from "playwright-core";
import { DEMO_PASSWORD } from "../../worker/db/seed-data";
import type { TestWorker } from "./worker";

/**
 * The one way tests sign in: `loginViaApi` for API and page requests in integration tests, `signInBrowser`
 * (the e2e fixture's `signIn`) for a Chromium page. Tests of the login itself call the endpoint directly.
 */

export type Session = { token: string; user: { id: string; name: string; email: string; role: string; isVerified: boolean } };

/**
 * Logs in through the real API (seeded accounts use DEMO_PASSWORD). Each call gets its own client address for the
 * rate limits. `cookie` is the session cookie the answer set (`tb_session=…`), for a `cookie` request header.
 */
export async function loginViaApi(w: TestWorker, email: string, password = DEMO_PASSWORD): Promise<Session & { cookie: string }> {
  const res = await w.api(
    "POST",
    "/api/auth/login",
    { email, password },
    { "cf-connecting-ip": `198.51.100.${Math.floor(Math.random() * 250) + 1}` },
  );
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...(res.body as Session), cookie: (res.headers.get("set-cookie") ?? "").split(";")[0] };
}

/** Bearer header for `w.api`. */
export const bearer = (s: Session) => ({ authorization: `Bearer ${s.token}` });

/**
 * Signs a browser page in as `email` on `origin` (e.g. http://localhost:PORT or
 * http://wanderlust.localhost:PORT): the HttpOnly session cookie in the context,
 * exactly as a real login leaves it (the browser stores nothing else).
 * The page is left on a blank same-origin response; navigate where you need next.
 */
export async function signInBrowser(page: Page, w: TestWorker, origin: string, email: string, password = DEMO_PASSWORD) {
  const session = await loginViaApi(w, email, password);
  await page.context().addCookies([{ name: "tb_session", value: session.token, url: origin, httpOnly: true, sameSite: "Lax" }]);
  // A cheap same-origin document. No `page.route` here, not even for its favicon (the app answers /favicon.ico with
  // its 404 page and logs nothing): a route makes Playwright intercept every later request of the page and turn
  // Chromium's cache off, which doubled the CPU of each signed-in page load (ADR 0050).
  await page.goto(`${origin}/api/health`);
  return session;
}

/**
 * The newest email to `to` from the dev outbox. A seller's answer and a cancellation are written as emails by the
 * queue's consumer after the answer (ADR 0039): wait for them with {@link waitForEmail} or `followUpsDone`.
 */
export async function latestEmail(w: TestWorker, to: string) {
  const res = await w.api("GET", `/api/dev/outbox?to=${encodeURIComponent(to)}`);
  const message = res.body?.messages?.[0] as { subject: string; text: string } | undefined;
  if (!message) throw new Error(`no email to ${to}`);
  return message;
}

/** The newest email to `to` once it satisfies `match`: for emails sent after the answer (waitUntil). */
export async function waitForEmail(w: TestWorker, to: string, match: (m: { subject: string; text: string }) => boolean, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await w.api("GET", `/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const message = res.body?.messages?.[0] as { subject: string; text: string } | undefined;
    if (message && match(message)) return message;
    if (Date.now() > until) throw new Error(`no matching email to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The 6-digit code of the newest email to `to`. */
export async function latestCode(w: TestWorker, to: string) {
  const { subject, text } = await latestEmail(w, to);
  const code = /\b(\d{6})\b/.exec(`${subject}\n${text}`)?.[1];
  if (!code) throw new Error(`no code in the newest email to ${to}`);
  return code;
}
