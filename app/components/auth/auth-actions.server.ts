import { type ActionFunctionArgs, type AppLoadContext, data, redirect } from "@remix-run/cloudflare";
import { clearSessionCookie } from "@worker/auth/session";
import { badRequest } from "@worker/domain/errors";
import { FORGOT_ANSWER, PASSWORD_RESET, acceptHandover, requestResetLink, resetPassword } from "@worker/domain/auth/recovery";
import { clientIp } from "@worker/client-ip";
import {
  forgotPasswordSchema,
  handoverSchema,
  loginSchema,
  resendOtpSchema,
  resetPasswordSchema,
  signupSchema,
  verifyOtpSchema,
} from "@worker/domain/auth/schemas";
import { issueSession } from "@worker/domain/auth/session-user";
import { endEverySession, endSession } from "@worker/domain/auth/sessions";
import { type Caller, NEEDS_VERIFICATION, logIn, resendVerificationCode, signUp, verifyEmail } from "@worker/domain/auth/sign-in";
import type { ActionResult } from "~/lib/action-result";
import { safeRedirect } from "~/lib/safe-redirect";
import { afterLoginOf } from "~/lib/dashboards";
import { requireSellerTenant } from "~/lib/seller-site.server";
import { actionInput, fromRunningApp, liveUser, refusal, signedInHeaders } from "~/lib/session.server";

/**
 * The actions of the sign-in pages (login, signup and its code, verify-email, forgot and reset password, the
 * hand-over, logout): the same zod schemas and domain functions as `/api/auth/*`. A signed-in answer sets the
 * session cookie, the only place the session lives in a browser (ADR 0003). Scripts running, the page gets
 * data for its toast and goes on itself (a seller site's sign-in waits 2 s, spec §4); without them, the
 * browser is redirected, or the page is rendered again with the answer.
 */

/** The account waiting for its emailed code (signup, or a login of an unverified account). */
export type PendingCode = { userId: string; email: string };

export type AuthAnswer = ActionResult & {
  /** The form that was sent (`login`, `signup`, `verify-otp`, `resend-otp`). */
  intent?: string;
  /** Show the code step for this account. */
  code?: PendingCode;
  /** Signed in: where the page goes next. */
  redirectTo?: string;
  /** What was typed, to fill the form again after a refusal (never a password). */
  values?: Record<string, string>;
};

type Account = { role: string };

/** Where each page's sign-in leads when the address has no safe `?redirect=`. */
export type AuthTargets = {
  /** After a login (and after the code of an unverified account that logged in). */
  afterLogin: (account: Account) => string;
  /** After the code of a new account (signup, verify-email). */
  afterSignup: string;
};

const field = (input: Record<string, unknown>, key: string) => (typeof input[key] === "string" ? (input[key] as string) : "");

function callerOf(request: Request, context: AppLoadContext): Caller {
  return { ip: clientIp(request), tenant: context.tenant, now: context.now };
}

/** Signed in: the cookie, then the running page's toast and its next address, or a redirect. */
function signedIn(context: AppLoadContext, cookie: string, to: string, message: string) {
  const headers = { ...signedInHeaders, "Set-Cookie": cookie };
  if (!fromRunningApp(context)) return redirect(to, { headers });
  return data<AuthAnswer>({ ok: true, message, redirectTo: to }, { headers });
}

const LOGIN_SUCCESS = "Login successful! Redirecting...";
const CODE_SENT = "OTP sent to your email. Please check your inbox.";

/** Login, signup, the emailed code and its resend: told apart by `intent`. */
export async function authAction({ request, context }: ActionFunctionArgs, targets: AuthTargets) {
  const input = await actionInput(request).catch(() => ({}) as Record<string, unknown>);
  // Where a sign-in goes: the page's own `?redirect=` when it is a local path, else the page's target.
  const next = (fallback: string) => safeRedirect(context.url.searchParams.get("redirect"), fallback);
  const from = callerOf(request, context);
  const { db, config, url } = context;
  switch (input.intent) {
    case "login": {
      const email = field(input, "email").trim();
      const values = { email };
      try {
        if (!email || !field(input, "password")) throw badRequest("Please enter your email and password");
        const body = loginSchema.parse({ email, password: field(input, "password"), remember: field(input, "remember") !== "false" });
        const outcome = await logIn(db, config, body, from);
        if (outcome.kind === "needs-verification") {
          const code = { userId: outcome.userId, email };
          const answer: AuthAnswer = { ok: false, status: 403, message: NEEDS_VERIFICATION, intent: "login", code, values };
          return data(answer, { status: 403, headers: signedInHeaders });
        }
        const session = await issueSession(config, outcome.user, url, { remember: body.remember });
        return signedIn(context, session.cookie, next(targets.afterLogin(outcome.user)), LOGIN_SUCCESS);
      } catch (error) {
        return refusal(error, { values, intent: "login" });
      }
    }
    case "signup": {
      const values = Object.fromEntries(["firstName", "lastName", "email", "phone"].map((k) => [k, field(input, k).trim()]));
      try {
        const password = field(input, "password");
        if (![values.firstName, values.lastName, values.email, password, field(input, "confirmPassword")].every((v) => v.trim()))
          throw badRequest("Please fill in all required fields");
        if (!field(input, "agreeToTerms")) throw badRequest("Please agree to the terms and conditions");
        if (password !== field(input, "confirmPassword")) throw badRequest("Passwords do not match");
        const body = signupSchema.parse({
          name: `${values.firstName} ${values.lastName}`.trim(),
          phone: values.phone,
          email: values.email,
          password,
        });
        const { userId } = await signUp(db, config, body, from);
        return data<AuthAnswer>(
          { ok: true, message: CODE_SENT, intent: "signup", code: { userId, email: values.email } },
          { headers: signedInHeaders },
        );
      } catch (error) {
        return refusal(error, { values, intent: "signup" });
      }
    }
    case "verify-otp": {
      const code = { userId: field(input, "userId"), email: field(input, "email") };
      try {
        const verified = await verifyEmail(db, config, verifyOtpSchema.parse({ userId: code.userId, otp: field(input, "otp") }), from);
        const session = await issueSession(config, verified, url);
        // The code of a login goes where the login would have; a new account's to its own page.
        if (field(input, "flow") === "login") return signedIn(context, session.cookie, next(targets.afterLogin(verified)), LOGIN_SUCCESS);
        return signedIn(context, session.cookie, next(targets.afterSignup), "");
      } catch (error) {
        return refusal(error, { code, intent: "verify-otp" });
      }
    }
    case "resend-otp": {
      const code = { userId: field(input, "userId"), email: field(input, "email") };
      try {
        await resendVerificationCode(db, config, resendOtpSchema.parse({ userId: code.userId }).userId, from);
        return data<AuthAnswer>({ ok: true, message: CODE_SENT, intent: "resend-otp", code }, { headers: signedInHeaders });
      } catch (error) {
        return refusal(error, { code, intent: "resend-otp" });
      }
    }
    default:
      return refusal(badRequest("Unknown action"));
  }
}

/** Forgot password: the same answer whether or not the account exists; the link goes out after it. */
export async function forgotPasswordAction({ request, context }: ActionFunctionArgs) {
  const input = await actionInput(request).catch(() => ({}) as Record<string, unknown>);
  try {
    const { email } = forgotPasswordSchema.parse({ email: field(input, "email") });
    const sending = await requestResetLink(context.db, context.config, email, callerOf(request, context));
    if (sending) context.ctx.waitUntil(sending);
    return data<AuthAnswer>({ ok: true, message: FORGOT_ANSWER }, { headers: signedInHeaders });
  } catch (error) {
    return refusal(error, { values: { email: field(input, "email") } });
  }
}

/** A new password from the emailed link; then to this site's sign-in. */
export async function resetPasswordAction({ request, context, params }: ActionFunctionArgs, loginPath: string) {
  const input = await actionInput(request).catch(() => ({}) as Record<string, unknown>);
  try {
    const body = resetPasswordSchema.parse({
      token: params.token ?? "",
      password: field(input, "password"),
      confirm: field(input, "confirm"),
    });
    await resetPassword(context.db, context.config, body, callerOf(request, context));
    if (!fromRunningApp(context)) return redirect(loginPath, { headers: signedInHeaders });
    return data<AuthAnswer>({ ok: true, message: PASSWORD_RESET, redirectTo: loginPath }, { headers: signedInHeaders });
  } catch (error) {
    return refusal(error);
  }
}

/** The hand-over's question when another account is signed in here: whom to sign in as (ADR 0036). */
export type HandoverQuestion = AuthAnswer & { confirm: { signedInAs: string; handedOver: string } };

/**
 * The sign-in hand-over (spec §4): verified on the server, then the session cookie and back to the page it was
 * for, without the two parameters. When another account is signed in here, the person is asked first (the page
 * shows the question with the same fields and `confirm`). A refusal sends a document to /login; a running page
 * logs it first.
 */
export async function handoverAction({ request, context }: ActionFunctionArgs) {
  const input = await actionInput(request).catch(() => ({}) as Record<string, unknown>);
  const headers = { ...signedInHeaders };
  try {
    const outcome = await acceptHandover(
      context.db,
      context.config,
      handoverSchema.parse({ token: field(input, "token"), user: field(input, "user"), confirm: field(input, "confirm") }),
      callerOf(request, context),
      await liveUser(context),
    );
    if (outcome.kind === "confirm") {
      const question: HandoverQuestion = {
        ok: false,
        message: "Another account is signed in",
        confirm: { signedInAs: outcome.signedIn.email, handedOver: outcome.user.email },
      };
      return data(question, { headers });
    }
    const session = await issueSession(context.config, outcome.user, context.url);
    return redirect(safeRedirect(field(input, "redirect")), { headers: { ...headers, "Set-Cookie": session.cookie } });
  } catch (error) {
    const answer = refusal(error); // anything but a refusal is thrown on
    return fromRunningApp(context) ? answer : redirect("/login", { headers });
  }
}

/**
 * Logout (spec §4): the session ends on the server and the cookie goes; then `to`. `everywhere` ends every session
 * of the account (ADR 0036); it needs a live session, so a stale cookie cannot sign anyone out.
 */
export async function logoutResponse(context: AppLoadContext, to: string, { everywhere = false } = {}) {
  const { viewer } = context;
  if (viewer) {
    const user = everywhere ? await liveUser(context) : null;
    if (user) await endEverySession(context.db, user.id, context.now);
    else await endSession(context.db, viewer);
  }
  return redirect(to, { headers: { ...signedInHeaders, "Set-Cookie": clearSessionCookie(context.url) } });
}

/** The intent of "Log out everywhere", beside logout's `logout`. */
export const LOGOUT_EVERYWHERE = "logout-everywhere";

/** Spec §2: login, signup and reset-password are for guests; a visitor with a live session goes to /. */
export async function guestOnly(context: AppLoadContext) {
  if (await liveUser(context)) throw redirect("/", { headers: signedInHeaders });
  // An object, never null: Remix's `?_data=` requests read a loader's answer as a response when it is null.
  return {};
}

/** The targets of the main site: sellers and superadmins to their dashboards, travellers back to the site (spec §4). */
export const MAIN_TARGETS: AuthTargets = { afterLogin: (account) => afterLoginOf(account.role), afterSignup: "/user-dashboard" };

/** A seller site's: its own customer dashboard. */
export function siteTargets(context: AppLoadContext): AuthTargets {
  const dashboard = `${requireSellerTenant(context).basePath}/dashboard`;
  return { afterLogin: () => dashboard, afterSignup: dashboard };
}
