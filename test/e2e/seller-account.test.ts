import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerConfirm, eventually, openPage, stopClock, whenHydrated } from "../support/page";
import { latestCode, latestEmail, loginViaApi, waitForEmail } from "../support/session";
import { type E2E, startE2E } from "../support/e2e";
import type { TestWorker } from "../support/worker";

let e2e: E2E;
let w: TestWorker;
let browser: Browser;
let port: string;

beforeAll(async () => {
  e2e = await startE2E();
  ({ w, browser } = e2e);
  port = e2e.port;
});
afterAll(() => e2e?.close());

const MODES = [
  { mode: "by path", origin: () => `http://localhost:${port}`, base: "/seller/wanderlust-journeys/website" },
  { mode: "on the custom domain", origin: () => `http://wanderlust.localhost:${port}`, base: "" },
];

async function hydrated(page: Page) {
  await whenHydrated(page);
}

describe.each(MODES)("seller-site customer account $mode", ({ origin, base }) => {
  const site = (path: string) => `${origin()}${base}${path}`;
  const landing = () => (base ? `${origin()}${base}` : `${origin()}/`);

  it("signs up with the emailed code, edits the profile, changes the password with a code, and logs out", async () => {
    const email = `priya-${crypto.randomUUID().slice(0, 8)}@example.com`;
    // The page's clock is the test's, so the code's countdown below holds while the test works.
    const { page, errors } = await openPage(browser, site("/signup"), { clock: true });
    await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Join Our Community");
    await page.getByLabel("First Name").fill("Priya");
    await page.getByLabel("Last Name").fill("Sharma");
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Phone Number (Optional)").fill("+91 90000 22222");
    await page.getByLabel("Password", { exact: true }).fill("Himalaya#2026");
    await page.getByLabel("Confirm Password").fill("Himalaya#2026");
    await page.getByLabel(/I agree to the/).check();
    await page.getByRole("button", { name: "Create Your Account" }).click();
    await page.getByRole("heading", { name: "Verify Your Email" }).waitFor();
    await eventually(() => page.getByRole("button", { name: "Verify & Complete Signup" }).isDisabled()).toBe(true);

    // The code email names the seller.
    expect((await latestEmail(w, email)).subject).toContain("Wanderlust Journeys");
    await page.getByLabel("Verification Code").fill(await latestCode(w, email));
    await page.getByRole("button", { name: "Verify & Complete Signup" }).click();
    await page.waitForURL(site("/dashboard"));
    await page.getByRole("heading", { name: "Welcome, Priya!", exact: true }).waitFor();

    // Settings: profile
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Settings" }).click();
    await page.waitForURL(site("/settings"));
    await page.getByRole("heading", { name: "Profile Information" }).waitFor();
    await eventually(() => page.getByLabel("Last Name").inputValue()).toBe("Sharma");
    await eventually(() => page.getByLabel("Email", { exact: true }).getAttribute("readonly")).not.toBeNull();
    await page.getByLabel("Last Name").fill("Sharma Rao");
    await page.getByLabel("Phone").fill("+91 90000 33333");
    await page.getByRole("button", { name: "Update Profile" }).click();
    await page.getByText("Profile updated successfully!").waitFor();
    const saved = await w.d1.prepare("SELECT name FROM users WHERE email = ?").bind(email).first<{ name: string }>();
    expect(saved?.name).toBe("Priya Sharma Rao");

    // Settings: password with a code, while the countdown runs (it stands at 30 s: the clock moves no more)
    await stopClock(page);
    await page.getByLabel("Current Password").fill("Himalaya#2026");
    await page.getByRole("button", { name: "Request OTP" }).click();
    const countdown = page.getByText("Resend code in 30s", { exact: true });
    await countdown.waitFor();
    await eventually(() => page.getByRole("button", { name: "Request OTP" }).count()).toBe(0);
    await page.getByLabel("New Password", { exact: true }).fill("Kanchenjunga#2027");
    await page.getByLabel("Confirm New Password").fill("Kanchenjunga#2028");
    await page.getByText("Passwords do not match").waitFor();
    await eventually(() => page.getByLabel("Confirm New Password").getAttribute("class")).toContain("input-error");
    await page.getByLabel("Confirm New Password").fill("Kanchenjunga#2027");
    await eventually(() => page.getByRole("button", { name: "Update Password" }).isDisabled()).toBe(true);
    const code = await latestCode(w, email);
    expect((await latestEmail(w, email)).subject).toContain("Wanderlust Journeys");
    await page.getByLabel("OTP", { exact: true }).fill(code);
    await countdown.waitFor({ state: "visible" });
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.getByText("Password updated successfully!").waitFor();
    await eventually(() => page.getByLabel("New Password", { exact: true }).count()).toBe(0);
    await eventually(() => page.getByLabel("Current Password").inputValue()).toBe("");
    const fresh = await loginViaApi(w, email, "Kanchenjunga#2027");
    expect(fresh.user.name).toBe("Priya Sharma Rao");

    // The page's own session survived the change: the profile still loads after a reload (a new document
    // hydrates from an animation frame, so the clock runs again).
    await page.clock.resume();
    await page.reload();
    await hydrated(page);
    await eventually(() => page.getByLabel("Last Name").inputValue()).toBe("Sharma Rao");

    // Logout through the confirm
    await page.goto(site("/dashboard"));
    await hydrated(page);
    await page.getByRole("button", { name: "Logout" }).click();
    expect(await answerConfirm(page, "Logout")).toContain("Are you sure you want to log out?");
    await page.waitForURL(landing());
    expect((await page.context().cookies(origin())).find((c) => c.name === "tb_session")).toBeUndefined();
    expect(await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]))).not.toMatch(/tripbazaar_(token|user)/);
    // The header follows the cookie: Login again.
    await page.getByRole("banner").getByRole("link", { name: "Login" }).first().waitFor();
    expect(errors).toEqual([]);
  });

  it("signs in, says so, and goes to the dashboard 2 seconds later; a wrong password shows the server's message", async () => {
    const { page } = await openPage(browser, site("/login"), { clock: true });
    await eventually(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Welcome Back");
    await eventually(() => page.getByRole("link", { name: "Forgot password?" }).getAttribute("href")).toBe(`${base}/forgot-password`);
    await eventually(() => page.getByRole("contentinfo").count()).toBe(0);
    await page.getByLabel("Email").fill("asha@example.com");
    await page.getByLabel("Password", { exact: true }).fill("Wrong#password1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await eventually(() => page.getByRole("alert").textContent()).toBe("Invalid email or password");

    // From here the page's time moves only when the test moves it.
    await stopClock(page);
    await page.getByLabel("Password", { exact: true }).fill("Travel#2026");
    await page.getByRole("button", { name: "Sign In" }).click();
    const redirecting = page.getByRole("status").filter({ hasText: "Login successful! Redirecting..." }).first();
    await redirecting.waitFor();
    // 1.9 s on, it still says so on the login page, and nothing has set off for the dashboard: the router enters
    // "loading" (and the site shows "Loading...") in the same task as the timer that navigates.
    await page.clock.fastForward(1_900);
    expect(await page.evaluate(() => (window as any).__remixRouter.state.navigation.state)).toBe("idle");
    expect(page.url()).toBe(site("/login"));
    await redirecting.waitFor({ state: "visible" });
    // At 2 s it goes.
    await page.clock.fastForward(100);
    await page.waitForURL(site("/dashboard"));
    await page.getByRole("heading", { name: "Welcome back, Asha!" }).waitFor();
  });

  it("resets a forgotten password through the emailed link on this site", async () => {
    const email = `reset-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const signup = await w.api("POST", "/api/auth/signup", { name: "Nila Das", email, password: "Old#password1" });
    await w.api("POST", "/api/auth/verify-otp", { userId: signup.body.userId, otp: await latestCode(w, email) });

    const { page } = await openPage(browser, site("/login"));
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL(site("/forgot-password"));
    await page.getByLabel("Email Address").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page
      .getByText(/we have sent a link/)
      .first()
      .waitFor();
    const mail = await waitForEmail(w, email, (m) => m.text.includes("/reset-password/"));
    const link = /(http\S+\/reset-password\/\S+)/.exec(mail.text)?.[1] ?? "";
    expect(new URL(link).pathname.startsWith(`${base}/reset-password/`)).toBe(true);

    await page.goto(`${origin()}${new URL(link).pathname}`);
    await hydrated(page);
    await page.getByLabel("New Password", { exact: true }).fill("New#password1");
    await page.getByLabel("Confirm New Password").fill("New#password1");
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.waitForURL(site("/login"));
    expect((await loginViaApi(w, email, "New#password1")).user.email).toBe(email);
  });

  it("shows the login prompt to visitors and to the seller owner", async () => {
    const { page } = await openPage(browser, site("/dashboard"));
    await page.getByRole("heading", { name: "Customer Dashboard" }).waitFor();
    await page.getByText("Please log in to access your bookings and settings").waitFor();
    await eventually(() => page.getByRole("link", { name: "Customer Login" }).getAttribute("href")).toBe(`${base}/login`);

    const owner = await browser.newPage();
    await e2e.signIn(owner, "owner@wanderlust.example", { origin: origin() });
    await owner.goto(site("/settings"));
    await owner.getByRole("heading", { name: "Customer Settings" }).waitFor();
  });
});
