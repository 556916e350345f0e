import { sisterHandoverToken } from "../support/security-tokens";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../worker/db/seed-data";
import { TEST_ENV } from "../support/env";
import { bearer, loginViaApi, waitForEmail } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

// Issue 23 (accounts): the hand-over, reset links, the login lock-out and logout can't be turned against a user.

let w: TestWorker;
beforeAll(async () => {
  w = await startWorker();
});
afterAll(() => w?.dispose());

let ipCounter = 0;
const ip = () => ({ "cf-connecting-ip": `192.0.2.${(++ipCounter % 250) + 1}` });
const encode = (user: unknown) => btoa(JSON.stringify(user));
const sister = (sub: string) => sisterHandoverToken(sub);

/** A document's form post to a page, from our own origin, as a browser without scripts sends it. */
function postPage(path: string, fields: Record<string, string>, cookie?: string, host = "localhost") {
  return w.request(path, {
    host,
    method: "POST",
    headers: {
      origin: `http://${host}`,
      "content-type": "application/x-www-form-urlencoded",
      ...ip(),
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}
const cookieOf = (res: Response) => (res.headers.get("set-cookie") ?? "").split(";")[0];

describe("the hand-over", () => {
  it("refuses one of our own session tokens, by the API and by the page", async () => {
    const victimOf = await loginViaApi(w, "asha@example.com");
    const api = await w.api("POST", "/api/auth/handover", { token: victimOf.token, user: encode(victimOf.user) }, ip());
    expect(api.status).toBe(401);
    expect(api.body.token).toBeUndefined();
    const page = await postPage("/handover", { token: victimOf.token, user: encode(victimOf.user), redirect: "/" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/login");
    expect(page.headers.get("set-cookie")).toBeNull();
  });

  it("asks before a sister hand-over replaces a different signed-in account, and spends its token only then", async () => {
    const signedIn = await loginViaApi(w, "owner@wanderlust.example");
    const token = await sister("u_asha");
    const fields = { token, user: encode({ id: "u_asha" }), redirect: "/user-dashboard" };
    // The page's form posts to its own address, which carries the hand-over's parameters.
    const at = `/handover?${new URLSearchParams(fields)}`;
    const asked = await postPage(at, fields, signedIn.cookie);
    expect(asked.status).toBe(200);
    expect(asked.headers.get("set-cookie")).toBeNull();
    const html = await asked.text();
    expect(html).toContain("You are signed in as");
    expect(html).toContain(signedIn.user.email);
    expect(html).toContain('name="confirm"');
    // The signed-in account is untouched.
    expect(JSON.stringify((await w.api("GET", "/api/auth/profile", undefined, bearer(signedIn))).body)).toContain(signedIn.user.email);
    // The API asks the same way: a conflict, and nothing spent.
    const apiAsked = await w.api(
      "POST",
      "/api/auth/handover",
      { token, user: encode({ id: "u_asha" }) },
      {
        ...ip(),
        origin: "http://localhost",
        cookie: signedIn.cookie,
      },
    );
    expect(apiAsked.status).toBe(409);
    const confirmed = await postPage(at, { ...fields, confirm: "1" }, signedIn.cookie);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/user-dashboard");
    const now = await w.api("GET", "/api/auth/profile", undefined, { cookie: cookieOf(confirmed) });
    expect(JSON.stringify(now.body)).toContain("asha@example.com");
    // Spent once: the same token again is refused.
    expect((await w.api("POST", "/api/auth/handover", { token, user: encode({ id: "u_asha" }) }, ip())).status).toBe(401);
  });

  it("signs in at once when nobody, or the same account, is signed in", async () => {
    const fresh = await postPage("/handover", { token: await sister("u_asha"), user: encode({ id: "u_asha" }), redirect: "/" });
    expect(fresh.status).toBe(302);
    expect(cookieOf(fresh)).toMatch(/^tb_session=./);
    const same = await postPage(
      "/handover",
      { token: await sister("u_asha"), user: encode({ id: "u_asha" }), redirect: "/" },
      cookieOf(fresh),
    );
    expect(same.status).toBe(302);
    expect(cookieOf(same)).toMatch(/^tb_session=./);
  });
});

describe("reset links", () => {
  const DOMAIN = "wanderlust.localhost";
  const forgotOn = (host: string, email: string) =>
    w.request("/api/auth/forgot-password", {
      host,
      method: "POST",
      headers: { "content-type": "application/json", ...ip() },
      body: JSON.stringify({ email }),
    });

  it("sends the superadmin's and a seller's link to the platform's own origin, with its brand, whatever site asked", async () => {
    for (const email of ["admin@tripbazaar.example", "owner@himalayan.example"]) {
      expect((await forgotOn(DOMAIN, email)).status).toBe(200);
      const mail = await waitForEmail(w, email, (m) => m.text.includes("/reset-password/"));
      expect(mail.subject).toBe("Reset your Tripbazaar password");
      expect(mail.text).toContain(`${TEST_ENV.PUBLIC_ORIGIN}/reset-password/`);
      expect(mail.text).not.toContain(DOMAIN);
    }
  });

  it("still brands a customer's link with the seller site it was asked on", async () => {
    const email = "asha@example.com";
    await forgotOn(DOMAIN, email);
    const mail = await waitForEmail(w, email, (m) => m.text.includes("/reset-password/"));
    expect(mail.subject).toBe("Reset your Wanderlust Journeys password");
    expect(mail.text).toContain(`http://${DOMAIN}/reset-password/`);
  });
});

describe("the login lock-out", () => {
  it("lets the owner sign in from another address after 101 wrong tries from one", async () => {
    const email = "owner@wanderlust.example";
    const attacker = { "cf-connecting-ip": "198.18.9.9" };
    const accountCount = async () =>
      (await w.d1.prepare("SELECT count FROM rate_limits WHERE key = ?").bind(`login-account:${email}`).first<{ count: number }>())
        ?.count ?? 0;
    const before = await accountCount();
    const statuses: number[] = [];
    for (let round = 0; round < 101; round += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, 101 - round) }, () =>
          w.api("POST", "/api/auth/login", { email, password: "Wrong#123" }, attacker),
        ),
      );
      statuses.push(...batch.map((r) => r.status));
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(91);
    // Only the tries the narrow buckets let through count against the account.
    expect((await accountCount()) - before).toBe(10);
    const owner = await w.api("POST", "/api/auth/login", { email, password: DEMO_PASSWORD }, ip());
    expect(owner.status).toBe(200);
  });
});

describe("logout", () => {
  it("ends the session on the server: a token copied before the API logout answers 401", async () => {
    const session = await loginViaApi(w, "asha@example.com");
    expect((await w.api("GET", "/api/auth/profile", undefined, bearer(session))).status).toBe(200);
    expect((await w.api("POST", "/api/auth/logout", undefined, bearer(session))).status).toBe(200);
    expect((await w.api("GET", "/api/auth/profile", undefined, bearer(session))).status).toBe(401);
    expect((await w.request("/user-dashboard", { headers: { cookie: session.cookie } })).status).toBe(302);
  });

  it("ends the session on the server: a cookie copied before the page's logout no longer signs in", async () => {
    const session = await loginViaApi(w, "asha@example.com");
    const other = await loginViaApi(w, "asha@example.com");
    const out = await postPage("/logout", { intent: "logout" }, session.cookie);
    expect(out.status).toBe(302);
    expect((await w.api("GET", "/api/auth/profile", undefined, bearer(session))).status).toBe(401);
    // Only this device: another session of the account goes on.
    expect((await w.api("GET", "/api/auth/profile", undefined, bearer(other))).status).toBe(200);
  });

  it("logs out everywhere from the settings of a traveller and a seller, without scripts", async () => {
    for (const [email, settings] of [
      ["asha@example.com", "/user-dashboard/settings"],
      ["owner@himalayan.example", "/seller-dashboard/settings"],
    ]) {
      const here = await loginViaApi(w, email);
      const elsewhere = await loginViaApi(w, email);
      const page = await (await w.request(settings, { headers: { cookie: here.cookie } })).text();
      expect(page).toMatch(/<form[^>]*action="\/logout"[^>]*>[\s\S]*?name="intent" value="logout-everywhere"/);
      expect(page).toContain("Log out everywhere");
      const out = await postPage("/logout", { intent: "logout-everywhere" }, here.cookie);
      expect(out.status).toBe(302);
      expect(cookieOf(out)).toBe("tb_session=");
      expect((await w.api("GET", "/api/auth/profile", undefined, bearer(here))).status).toBe(401);
      expect((await w.api("GET", "/api/auth/profile", undefined, bearer(elsewhere))).status).toBe(401);
      expect((await loginViaApi(w, email)).token).toBeTruthy();
    }
  });
});
