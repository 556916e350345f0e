import { type AppLoadContext, data, redirect } from "@remix-run/cloudflare";
import { ZodError, type z } from "zod";
import type { Role } from "@db/users";
import { ApiError, statusOf, validationError } from "@worker/api/errors";
import { DomainError } from "@worker/domain/errors";
import { type SignedInUser, checkSession } from "@worker/auth/live-account";
import { clearSessionCookie } from "@worker/auth/session";
import type { ActionResult } from "./action-result";

/**
 * Headers of login-required pages: never cached, and their address (a hand-over's token, a reset link's secret)
 * is never sent to another site as a referrer. `same-origin` rather than `no-referrer`: under `no-referrer` a
 * browser posts a form with `Origin: null`, which the Worker's cross-site check refuses (worker/page-origin.ts),
 * so no form of these pages would work without scripts.
 */
export const signedInHeaders = { "Referrer-Policy": "same-origin", "Cache-Control": "private, no-store" };

/** The account behind the page's session, as every signed-in page and action may show it. */
export type { SignedInUser };

/** The page's own address: a client navigation asks for `/page.data` (`/_root.data` for `/`), never shown to a visitor. */
function pathOf(url: URL) {
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  search.delete("_data");
  const pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  const query = search.toString();
  return `${pathname}${query ? `?${query}` : ""}`;
}

/**
 * Past this, the way back keeps only the page, not its query (and past that, nothing): a `Location` header stays a
 * size every client reads.
 */
const MAX_REDIRECT_BACK = 2000;

/** To `login` (this site's sign-in page) with the way back to the page asked for. */
export function loginRedirect(url: URL, headers: HeadersInit = signedInHeaders, login = "/login") {
  let back = encodeURIComponent(pathOf(url));
  if (back.length > MAX_REDIRECT_BACK) back = encodeURIComponent(pathOf(new URL(url.pathname, url.origin)));
  return redirect(back.length > MAX_REDIRECT_BACK ? login : `${login}?redirect=${back}`, { headers });
}

/**
 * A sign-in hand-over address (spec §4: `token` and `user` parameters) goes to /handover, which
 * verifies it on the server, stores the session in the browser and comes back without them.
 */
function handoverRedirect(url: URL) {
  if (!url.searchParams.has("token") || !url.searchParams.has("user")) return null;
  const back = new URL(url);
  back.searchParams.delete("token");
  back.searchParams.delete("user");
  const to = new URLSearchParams({ token: url.searchParams.get("token") ?? "", user: url.searchParams.get("user") ?? "" });
  to.set("redirect", pathOf(back));
  return redirect(`/handover?${to}`, { headers: signedInHeaders });
}

/**
 * The guard of every signed-in page and action, over the one guard's decision (worker/auth/live-account.ts, as the
 * API's): the session cookie must hold a valid token of a live account, else the visitor goes to
 * /login?redirect=…; an account of another role gets a 403 page. The account is read through the request's batch,
 * so the check shares the page's one D1 round trip.
 */
export async function requireUser(
  context: AppLoadContext,
  role?: Role,
  { login = "/login", back = context.url }: { login?: string; back?: URL } = {},
): Promise<SignedInUser> {
  const { url, viewer } = context;
  const handover = handoverRedirect(url);
  if (handover) throw handover;
  const check = await checkSession(context, viewer, role);
  switch (check.kind) {
    case "signed-in":
      return check.user;
    case "signed-out":
      throw loginRedirect(back, signedInHeaders, login);
    case "ended":
      // SECURITY: a disabled account, or a token from before a password change, has no session here.
      throw loginRedirect(back, { ...signedInHeaders, "Set-Cookie": clearSessionCookie(url) }, login);
    case "other-role":
      throw data({ message: "You do not have permission to view this page" }, { status: 403, headers: signedInHeaders });
  }
}

/**
 * The live account of the session cookie, or null (no cookie, a disabled account, a token from before a
 * password change). For pages anyone may see that answer a signed-in visitor differently (guest-only pages).
 */
export async function liveUser(context: AppLoadContext): Promise<SignedInUser | null> {
  const check = await checkSession(context, context.viewer);
  return check.kind === "signed-in" ? check.user : null;
}

/**
 * True when the request comes from the running app (a fetcher or a `<Form>` once scripts run: single fetch
 * asks for `<page>.data`), false for a document request (no scripts yet, or none at all). An action answers
 * the app with data for its toast and the document with a redirect or the page re-rendered.
 */
export const fromRunningApp = (context: AppLoadContext) => context.url.pathname.endsWith(".data");

/** A domain error as the page's error response (the route's ErrorBoundary shows its message). */
export function pageError(error: unknown): unknown {
  if (error instanceof DomainError) return data({ message: error.message }, { status: statusOf(error), headers: signedInHeaders });
  return error;
}

/**
 * A signed-in page's data: `read` runs beside the session check, so both reach D1 in one batch
 * (reads go through `context.load`). Nothing `read` found is returned unless the check passed;
 * `read` only ever sees the id of the token's own account, so it cannot read anyone else's rows.
 * A domain error from `read` (not found, no permission) becomes the page's error response.
 */
export async function signedInData<T>(
  context: AppLoadContext,
  role: Role | undefined,
  read: (userId: string) => Promise<T>,
): Promise<{ user: SignedInUser } & T> {
  const check = requireUser(context, role);
  if (!context.viewer) return check as never; // rejects with the redirect to /login
  const result = read(context.viewer.sub).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const user = await check;
  const outcome = await result;
  if (!outcome.ok) throw pageError(outcome.error);
  return { user, ...outcome.value };
}

/**
 * Runs a signed-in page's write: the same guard as its loader, then `write` (the domain service),
 * answering `{ ok: true, message }` for the toast. A validation or domain error answers its status with
 * `{ ok: false, message, issues? }`, as the API would; the page shows it next to the fields.
 */
export async function signedInAction(context: AppLoadContext, role: Role | undefined, write: (user: SignedInUser) => Promise<string>) {
  const user = await requireUser(context, role);
  try {
    return { ok: true, message: await write(user) } satisfies ActionResult;
  } catch (error) {
    return refusal(error);
  }
}

/**
 * A write's refusal as its action's answer: a validation or domain error answers its status with
 * `{ ok: false, message, status, issues?, ...extra }`, as the API would; anything else is thrown on.
 * `extra` is what the page needs to show the form again (the step it was on, the values sent).
 */
export function refusal<E extends object = object>(error: unknown, extra?: E, headers: HeadersInit = signedInHeaders) {
  const known = error instanceof ZodError ? validationError(error) : error;
  if (!(known instanceof DomainError)) throw error;
  const status = statusOf(known);
  const body = { ok: false as const, message: known.message, status, ...(known.issues ? { issues: known.issues } : {}), ...extra };
  return data<ActionResult & E>(body as ActionResult & E, { status, headers });
}

/** The body of an action request: JSON (a fetcher's `encType: "application/json"`) or form fields. */
export async function actionInput(request: Request): Promise<Record<string, unknown>> {
  if (request.headers.get("content-type")?.includes("application/json")) {
    const body = await request.json().catch(() => null);
    if (body === null || typeof body !== "object" || Array.isArray(body)) throw new ApiError(400, "Malformed request body");
    return body as Record<string, unknown>;
  }
  const form = await request.formData().catch(() => null);
  if (!form) throw new ApiError(400, "Malformed request body");
  return Object.fromEntries([...form].filter(([, v]) => typeof v === "string"));
}

/** The page's query string read with the API's schema; input it refuses is a 400 page with the reason. */
export function pageQuery<S extends z.ZodTypeAny>(url: URL, schema: S, fixed: Record<string, string> = {}): z.output<S> {
  const parsed = schema.safeParse({ ...Object.fromEntries(url.searchParams), ...fixed });
  if (!parsed.success) throw data({ message: validationError(parsed.error).message }, { status: 400, headers: signedInHeaders });
  return parsed.data;
}
