import { SITE_HEADER, matchSellerBase } from "@worker/shared/seller-pages";

/**
 * The browser's only calls to our own API: the payment provider's checkout, which runs in the browser by nature
 * (its confirm and failure callbacks, and the test provider's stand-in for its widget; payments/use-checkout.tsx).
 * Every page's own reads and writes are its loaders and actions (ADR 0025, ADR 0032), and
 * test/unit/own-api-calls.test.ts holds app/ to that. Same-origin paths; the session is the HttpOnly cookie (no
 * script holds a token).
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

/** Where a 401 sends the visitor: this site's login (seller sites have their own), with a redirect back. */
function loginPathFor(pathname: string) {
  const seller = matchSellerBase(pathname)?.basePath;
  return seller ? `${seller}/login` : "/login";
}

/**
 * Tells the API which seller site by path the call comes from (its emails carry that seller's name
 * and link back to it). On a custom domain the host says so; on the main site there is nothing to say.
 */
function siteHeader(): Record<string, string> {
  const seller = matchSellerBase(window.location.pathname)?.basePath;
  return seller ? { [SITE_HEADER]: seller } : {};
}

/** POSTs `body` as JSON to one of the provider checkout's API paths and answers the JSON it gets back. */
export async function postToApi<T = unknown>(path: string, body: unknown): Promise<T> {
  const res = await fetch(path, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json", ...siteHeader() },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const text = await res.text();
  let answer: unknown = null;
  try {
    answer = text ? JSON.parse(text) : null;
  } catch {
    answer = text;
  }
  if (!res.ok) {
    const message = answer && typeof answer === "object" && "message" in answer && typeof answer.message === "string" ? answer.message : "";
    if (res.status === 401) {
      // Spec §4: any 401 goes to login with the current address (the server has already refused the cookie).
      const here = `${window.location.pathname}${window.location.search}`;
      window.location.assign(`${loginPathFor(window.location.pathname)}?redirect=${encodeURIComponent(here)}`);
    }
    throw new ApiRequestError(res.status, message, answer);
  }
  return answer as T;
}

/** The server's message when there is one, else the screen's fallback text (spec §8). */
export function errorMessage(error: unknown, fallback: string) {
  return error instanceof ApiRequestError && error.message ? error.message : fallback;
}
