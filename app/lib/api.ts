import { SITE_HEADER, matchSellerBase } from "@worker/shared/seller-pages";

/**
 * The browser's API client, for what is not a page's own read or write (uploads, the payment provider's
 * checkout): same-origin paths, the session in the HttpOnly cookie (no script holds a token, ADR 0003),
 * no timeout, abortable. Clients that are not browsers send the token as a bearer header instead.
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

type Options = { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string>; on401?: "redirect" | "throw" };

/** Where a 401 sends the visitor: this site's login (seller sites have their own), with a redirect back. */
export function loginPathFor(pathname: string) {
  const seller = matchSellerBase(pathname)?.basePath;
  return seller ? `${seller}/login` : "/login";
}

/**
 * Tells the API which seller site by path the call comes from (its emails carry that seller's name
 * and link back to it). On a custom domain the host says so; on the main site there is nothing to say.
 */
function siteHeader(): Record<string, string> {
  const seller = typeof window === "undefined" ? undefined : matchSellerBase(window.location.pathname)?.basePath;
  return seller ? { [SITE_HEADER]: seller } : {};
}

export async function api<T = unknown>(path: string, options: Options = {}): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json", ...siteHeader(), ...options.headers };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(path, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
    credentials: "same-origin",
  });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  if (!res.ok) {
    const message = body && typeof body === "object" && "message" in body && typeof body.message === "string" ? body.message : "";
    if (res.status === 401 && options.on401 !== "throw") {
      // Spec §4: any 401 goes to login with the current address (the server has already refused the cookie).
      const here = `${window.location.pathname}${window.location.search}`;
      window.location.assign(`${loginPathFor(window.location.pathname)}?redirect=${encodeURIComponent(here)}`);
    }
    throw new ApiRequestError(res.status, message, body);
  }
  return body as T;
}

/** The server's message when there is one, else the screen's fallback text (spec §8). */
export function errorMessage(error: unknown, fallback: string) {
  return error instanceof ApiRequestError && error.message ? error.message : fallback;
}

const LOCAL_ORIGIN = "https://tripbazaar.invalid";
const hasControlCharacter = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * Only a local path may be a post-login redirect target: it starts with one `/`, holds no
 * backslash or control character (browsers drop tabs and newlines, so `/\t/evil.example` is
 * `//evil.example`), and resolves to this very origin.
 */
export function safeRedirect(target: string | null | undefined, fallback = "/") {
  if (!target || !/^\/(?!\/)/.test(target) || target.includes("\\") || hasControlCharacter(target)) return fallback;
  try {
    return new URL(target, LOCAL_ORIGIN).origin === LOCAL_ORIGIN ? target : fallback;
  } catch {
    return fallback;
  }
}
