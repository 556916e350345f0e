import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASHA, bookingRequest } from "../support/bookings";
import { sendPageAction } from "../support/page-action";
import { latestCode, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

/**
 * Issue 22, one session source: the HttpOnly cookie. The server's HTML of a page fetched with nothing but the
 * cookie (no script ran) already shows the visitor's account in the header, on the main site and on a seller's
 * site by path and on its own domain; no page carries the token; the pages' own sign-in sets the cookie and
 * answers a running page without the token.
 */
let w: TestWorker;
beforeAll(async () => {
  w = await startWorker();
});
afterAll(() => w?.dispose());

const SITE = "/seller/wanderlust-journeys/website";
const DOMAIN = "wanderlust.localhost";

async function html(path: string, { cookie, host }: { cookie?: string; host?: string } = {}) {
  const res = await w.request(path, { host, headers: cookie ? { cookie } : {} });
  return { status: res.status, cache: res.headers.get("x-tb-cache"), text: await res.text() };
}

/** The header's account links: the main site's `.header-account`, a seller site's call to action. */
const mainAccount = (text: string) => /<span class="row header-account">(.*?)<\/span>/s.exec(text)?.[1] ?? "";
const sellerAccount = (text: string) => /<a[^>]*class="btn seller-cta"[^>]*>([^<]*)<\/a>/.exec(text)?.[0] ?? "";

describe("the server's HTML knows who is signed in", () => {
  it("shows a signed-in customer's account in the main site's header, and Login and Sign up to a visitor", async () => {
    const asha = await loginViaApi(w, ASHA);
    const signedIn = await html("/about", { cookie: asha.cookie });
    expect(signedIn.status).toBe(200);
    expect(mainAccount(signedIn.text)).toContain('href="/user-dashboard"');
    expect(mainAccount(signedIn.text)).toContain(">My account</a>");
    expect(signedIn.text).toMatch(
      /<a[^>]*class="btn btn-outline header-cart"[^>]*href="\/cart"|<a[^>]*href="\/cart"[^>]*class="btn btn-outline header-cart"/,
    );
    expect(mainAccount(signedIn.text)).not.toContain(">Login</a>");
    // The page never carries the token itself: only the cookie does.
    expect(signedIn.text).not.toContain(asha.token);

    const visitor = await html("/about");
    expect(mainAccount(visitor.text)).toContain(">Login</a>");
    expect(mainAccount(visitor.text)).toContain(">Sign up</a>");
    expect(mainAccount(visitor.text)).not.toContain("My account");
  });

  it("links a seller to their dashboard", async () => {
    const seller = await loginViaApi(w, "owner@wanderlust.example");
    const { text } = await html("/", { cookie: seller.cookie });
    expect(mainAccount(text)).toContain('href="/seller-dashboard"');
    expect(mainAccount(text)).toContain(">My account</a>");
  });

  it("shows Dashboard instead of Login on a seller's site, by path and on its own domain, and never caches it", async () => {
    const asha = await loginViaApi(w, ASHA);
    for (const [path, host, dashboard] of [
      [SITE, "localhost", `${SITE}/dashboard`],
      [`${SITE}/package/p_goa`, "localhost", `${SITE}/dashboard`],
      ["/", DOMAIN, "/dashboard"],
      ["/contact", DOMAIN, "/dashboard"],
    ] as const) {
      const signedIn = await html(path, { cookie: asha.cookie, host });
      expect(signedIn.status, `${host}${path}`).toBe(200);
      expect(sellerAccount(signedIn.text), `${host}${path}`).toContain(`href="${dashboard}"`);
      expect(sellerAccount(signedIn.text), `${host}${path}`).toContain(">Dashboard</a>");
      expect(signedIn.cache, `${host}${path}`).toBe("bypass");
      expect(signedIn.text).not.toContain(asha.token);

      // A visitor's page (cached or not) says Login: a signed-in page is never what the cache shares.
      for (let i = 0; i < 2; i++) {
        const visitor = await html(path, { host });
        expect(sellerAccount(visitor.text), `${host}${path}`).toContain(">Login</a>");
      }
    }
  });

  it("signs in with the page's own form: a document gets a redirect with the cookie, a running page an answer without the token", async () => {
    const form = { intent: "login", email: ASHA, password: "Travel#2026", remember: "true" };
    // Without scripts: the browser posts the page itself.
    const res = await w.request("/login?redirect=%2Fuser-dashboard", {
      method: "POST",
      headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": "198.51.100.201" },
      body: new URLSearchParams(form).toString(),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/user-dashboard");
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0];
    expect(cookie).toMatch(/^tb_session=.+/);
    expect(res.headers.get("set-cookie")).toContain("HttpOnly");
    const dashboard = await html("/user-dashboard", { cookie });
    expect(dashboard.status).toBe(200);
    expect(mainAccount(dashboard.text)).toContain(">My account</a>");

    // With scripts: the page's fetcher gets the toast and where to go; the token is in the cookie only.
    const app = await sendPageAction(w, `${SITE}/login?redirect=${encodeURIComponent(`${SITE}/package/p_goa?book=1`)}`, form);
    expect(app.answer).toEqual({ ok: true, message: "Login successful! Redirecting...", redirectTo: `${SITE}/package/p_goa?book=1` });
    const token = /tb_session=([^;]+)/.exec(app.headers.get("set-cookie") ?? "")?.[1] ?? "";
    expect(token).not.toBe("");
    expect(app.text).not.toContain(token);

    // A wrong password: the page again, with the server's message and the email typed.
    const wrong = await w.request("/login", {
      method: "POST",
      headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": "198.51.100.202" },
      body: new URLSearchParams({ ...form, password: "Wrong#password1" }).toString(),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    const page = await wrong.text();
    expect(page).toContain("Invalid email or password");
    expect(page).toContain(`value="${ASHA}"`);
  });

  it("logs out with a form post that clears the cookie, on the main site and on a seller's site", async () => {
    const asha = await loginViaApi(w, ASHA);
    for (const [path, host, to] of [
      ["/logout", "localhost", "/"],
      ["/dashboard", DOMAIN, "/"],
      [`${SITE}/dashboard`, "localhost", SITE],
    ] as const) {
      const res = await w.request(path, {
        method: "POST",
        host,
        headers: { origin: `http://${host}`, cookie: asha.cookie, "content-type": "application/x-www-form-urlencoded" },
        body: "intent=logout",
      });
      expect(res.status, `${host}${path}`).toBe(302);
      expect(res.headers.get("location"), `${host}${path}`).toBe(to);
      expect(res.headers.get("set-cookie"), `${host}${path}`).toMatch(/^tb_session=;.*Max-Age=0/i);
    }
  });
});

describe("the way back of a sign-in (issue 24)", () => {
  const back = `${SITE}/package/p_goa?book=1`;
  const q = `?redirect=${encodeURIComponent(back)}`;

  it("says why a guest sent from Book Now must sign in, and keeps the way back on signup and forgot password", async () => {
    for (const path of [`${SITE}/login${q}`, `/login${q}`]) {
      const page = await html(path);
      expect(page.text, path).toContain("Sign in to book this trip. You will come straight back to its booking form.");
      expect(page.text, path).toContain(`/signup?redirect=${encodeURIComponent(back)}"`);
      expect(page.text, path).toContain(`/forgot-password?redirect=${encodeURIComponent(back)}"`);
    }
    const signup = await html(`${SITE}/signup${q}`);
    expect(signup.text).toContain("Create an account to book this trip. You will come straight back to its booking form.");
    expect(signup.text).toContain(`/login?redirect=${encodeURIComponent(back)}"`);
    // Without a way back, no notice; and one that leads off the site is not carried.
    expect((await html(`${SITE}/login`)).text).not.toContain('role="note"');
    const offSite = (await html(`/login?redirect=${encodeURIComponent("//evil.example/x")}`)).text;
    expect(offSite).not.toMatch(/href="[^"]*redirect=[^"]*evil/);
    expect(offSite).not.toContain('role="note"');
  });

  it("brings a new traveller back to the trip after the emailed code, without scripts", async () => {
    const email = `back-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const post = (body: Record<string, string>) =>
      w.request(`${SITE}/signup${q}`, {
        method: "POST",
        headers: { origin: "http://localhost", "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": "198.51.100.202" },
        body: new URLSearchParams(body).toString(),
      });
    const signed = await post({
      intent: "signup",
      firstName: "Tara",
      lastName: "Back",
      email,
      phone: "",
      password: "Monsoon#2027",
      confirmPassword: "Monsoon#2027",
      agreeToTerms: "on",
    });
    expect(signed.status).toBe(200);
    const userId = /name="userId" value="([^"]+)"/.exec(await signed.text())?.[1] ?? "";
    expect(userId).not.toBe("");
    const verified = await post({ intent: "verify-otp", userId, email, otp: await latestCode(w, email), flow: "signup" });
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe(back);
  });
});

describe("the traveller's cart in the header (issue 24)", () => {
  it("shows the cart's count in the server's HTML, at every width, in the page's one round trip", async () => {
    const asha = await loginViaApi(w, ASHA);
    const cookie = `tb_session=${asha.token}`;
    const before = await w.request("/about", { headers: { cookie } });
    expect(before.headers.get("x-tb-d1-calls")).toBe("1");
    const count = (text: string) => /aria-label="Cart, (\d+) trips?"/.exec(text)?.[1];
    const had = Number(count(await before.text()));
    const added = await w.api("POST", "/api/cart", bookingRequest({ packageId: "p_spiti" }), { authorization: `Bearer ${asha.token}` });
    expect(added.status).toBe(201);
    const after = await w.request("/about", { headers: { cookie } });
    expect(after.headers.get("x-tb-d1-calls")).toBe("1");
    expect(count(await after.text())).toBe(String(had + 1));
    // A seller and a visitor have no cart.
    const seller = await loginViaApi(w, "owner@wanderlust.example");
    expect(await (await w.request("/about", { headers: { cookie: `tb_session=${seller.token}` } })).text()).not.toContain(
      `aria-label="Cart,`,
    );
    expect(await (await w.request("/about")).text()).not.toContain(`aria-label="Cart,`);
  });
});
