import { sisterHandoverToken } from "../support/security-tokens";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerConfirm, eventually, openPage, whenHydrated } from "../support/page";
import { latestCode } from "../support/session";
import { type E2E, startE2E } from "../support/e2e";
import type { TestWorker } from "../support/worker";

let e2e: E2E;
let w: TestWorker;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  e2e = await startE2E();
  ({ w, browser } = e2e);
  origin = e2e.origin;
});
afterAll(() => e2e?.close());

async function sessionCookie(page: Page) {
  return (await page.context().cookies(origin)).find((c) => c.name === "tb_session");
}

/**
 * Everything in the page's storage, as text: the session lives in the HttpOnly cookie only, so no script has a
 * token or a user record to keep (the router keeps its scroll positions there).
 */
const storage = (page: Page) => page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]));

/** The claims of a session token (its payload, unverified: the server checks it). */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));

describe("main-site accounts in Chromium", () => {
  it("signs up with the emailed code, logs out, logs in, and shows the server's message for a wrong password", async () => {
    const email = `e2e-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { page, errors } = await openPage(browser, `${origin}/signup`);

    // 1. signup
    await page.getByLabel("First Name").fill("Kavya");
    await page.getByLabel("Last Name").fill("Iyer Menon");
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Backwaters#2026");
    await page.getByLabel("Confirm Password").fill("Backwaters#2025");
    await page.getByText("Passwords do not match").waitFor();
    await page.getByLabel("Confirm Password").fill("Backwaters#2026");
    await page.getByRole("button", { name: "Create Your Account" }).click();
    await eventually(() => page.getByRole("alert").textContent()).toBe("Please agree to the terms and conditions");
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole("button", { name: "Create Your Account" }).click();
    await page.getByRole("heading", { name: "Verify Your Email" }).waitFor();

    // 2. the code from the dev outbox; the input keeps digits only
    const code = await latestCode(w, email);
    await page.getByLabel("Verification Code").fill(`${code.slice(0, 3)}-ab${code.slice(3)}9`);
    await eventually(() => page.getByLabel("Verification Code").inputValue()).toBe(code);
    await page.getByRole("button", { name: "Verify & Complete Signup" }).click();

    // 3. verified and signed in
    await page.waitForURL(`${origin}/user-dashboard`);
    const cookie = await sessionCookie(page);
    expect(cookie?.httpOnly).toBe(true);
    expect(await storage(page)).not.toContain(cookie?.value);
    expect(await storage(page)).not.toMatch(/tripbazaar_(token|user)/);
    const account = await w.d1
      .prepare("SELECT id, name, role, is_verified AS verified FROM users WHERE email = ?")
      .bind(email)
      .first<{ id: string; name: string; role: string; verified: number }>();
    expect(account).toMatchObject({ name: "Kavya Iyer Menon", role: "user", verified: 1 });
    expect(claimsOf(cookie?.value ?? "")).toMatchObject({ sub: account?.id, role: "user" });
    // The server's HTML knows who is signed in: the header offers the account, not Login.
    const home = await (await page.context().request.get(`${origin}/`)).text();
    expect(home).toContain(">My account</a>");
    expect(home).not.toContain(">Login</a>");

    // 4. logout (from settings, through the confirm)
    await page.goto(`${origin}/user-dashboard/settings`);
    await whenHydrated(page);
    await eventually(() => page.getByLabel("First Name").inputValue()).toBe("Kavya");
    await eventually(() => page.getByLabel("Last Name").inputValue()).toBe("Iyer Menon");
    await page.getByRole("button", { name: "Log out", exact: true }).click();
    expect(await answerConfirm(page, "Log out")).toContain("Are you sure you want to log out?");
    await page.waitForURL(`${origin}/`);
    expect(await sessionCookie(page)).toBeUndefined();
    await page.getByRole("banner").getByRole("link", { name: "Login" }).first().waitFor();

    // 5. login, back to the page that asked for it
    await page.goto(`${origin}/user-dashboard/settings`);
    await page.waitForURL(`${origin}/login?redirect=%2Fuser-dashboard%2Fsettings`);
    await whenHydrated(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Backwaters#2026");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${origin}/user-dashboard/settings`);
    expect((await sessionCookie(page))?.value).toBeTruthy();

    // 6. a wrong password shows the server's message
    await page.context().clearCookies();
    await page.goto(`${origin}/login`);
    await whenHydrated(page);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Wrong#password1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await eventually(() => page.getByRole("alert").textContent()).toBe("Invalid email or password");
    expect(await sessionCookie(page)).toBeUndefined();
    expect(await storage(page)).not.toMatch(/tripbazaar_(token|user)/);
    expect(errors).toEqual([]);
  });

  it("sends a signed-in visitor away from login and signup, and ignores a foreign redirect", async () => {
    const page = await browser.newPage();
    await e2e.signIn(page, "asha@example.com");
    for (const path of ["/login", "/signup"]) {
      await page.goto(`${origin}${path}`);
      await page.waitForURL(`${origin}/`);
    }
    await page.context().clearCookies();
    await page.goto(`${origin}/login?redirect=//evil.example/x`);
    await whenHydrated(page);
    await page.getByLabel("Email").fill("asha@example.com");
    await page.getByLabel("Password", { exact: true }).fill("Travel#2026");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${origin}/`);
  });

  it("lets a visitor whose session cookie is gone sign in again instead of bouncing to /", async () => {
    const page = await browser.newPage();
    await e2e.signIn(page, "owner@wanderlust.example");
    await page.context().clearCookies();
    // The edge sees no session and sends the visitor to login, which they see (not a bounce to /).
    await page.goto(`${origin}/seller-dashboard/orders`);
    await page.waitForURL(`${origin}/login?redirect=%2Fseller-dashboard%2Forders`);
    await whenHydrated(page);
    await page.getByLabel("Email").fill("owner@wanderlust.example");
    await page.getByLabel("Password", { exact: true }).fill("Travel#2026");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${origin}/seller-dashboard/orders`);
  });

  it("accepts a verified sign-in hand-over, cleans the address and sends no referrer; a forged one goes to /login", async () => {
    const token = await sisterHandoverToken("u_asha");
    const user = btoa(JSON.stringify({ id: "u_asha", name: "Asha Verma", email: "asha@example.com", role: "user" }));
    const page = await browser.newPage();
    const res = await page.goto(`${origin}/user-dashboard?tab=trips&token=${token}&user=${encodeURIComponent(user)}`);
    // The token's address is never a referrer to another site (and our own forms keep their Origin).
    expect(res?.headers()["referrer-policy"]).toBe("same-origin");
    await page.waitForURL(`${origin}/user-dashboard?tab=trips`);
    await whenHydrated(page);
    // A session of ours, in the HttpOnly cookie only.
    const cookie = await sessionCookie(page);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.value).not.toBe(token);
    expect(claimsOf(cookie?.value ?? "").sub).toBe("u_asha");
    expect(await storage(page)).not.toContain(cookie?.value);

    const forged = await browser.newPage();
    const logs: string[] = [];
    forged.on("console", (m) => logs.push(m.text()));
    await forged.goto(`${origin}/user-dashboard?token=${token}x&user=${encodeURIComponent(user)}`);
    await forged.waitForURL(`${origin}/login`);
    expect(await sessionCookie(forged)).toBeUndefined();
    expect(logs.some((l) => l.includes("hand-over failed"))).toBe(true);
  });
});
