import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, startE2E } from "../support/e2e";
import { answerConfirm, eventually } from "../support/page";
import { bearer, latestCode, loginViaApi } from "../support/session";

let e2e: E2E;
let browser: Browser;
beforeAll(async () => {
  e2e = await startE2E();
  ({ browser } = e2e);
});
afterAll(() => e2e?.close());

describe("a travel agent becomes a seller in Chromium", () => {
  it("applies from the dashboard, a superadmin approves, and the agent opens their seller dashboard and website", async () => {
    const { w, origin } = e2e;
    const email = `agent-${Date.now()}@example.com`;
    const signup = await w.api("POST", "/api/auth/signup", {
      name: "Tara Joseph",
      phone: "+91 90000 33333",
      email,
      password: "Sunrise#2026",
    });
    expect(signup.status).toBe(201);
    expect((await w.api("POST", "/api/auth/verify-otp", { userId: signup.body.userId, otp: await latestCode(w, email) })).status).toBe(200);

    const agentContext = await browser.newContext();
    const agent = await agentContext.newPage();
    const errors: string[] = [];
    agent.on("pageerror", (e) => errors.push(String(e)));
    await e2e.signIn(agent, email, { password: "Sunrise#2026" });
    await agent.goto(`${origin}/user-dashboard`);
    const card = agent.getByRole("region", { name: "Sell your tours on Tripbazaar" });
    await card.getByRole("button", { name: "Apply to sell" }).click();
    await card.getByText("Business name is required").waitFor();
    await card.getByLabel("Business name*").fill("Malabar Journeys");
    await card.getByLabel("Business phone*").fill("+91 98470 55555");
    await card.getByLabel("City*").fill("Kozhikode");
    await card.getByLabel("About your business*").fill("Family holidays along the Malabar coast and in Wayanad.");
    await card.getByRole("button", { name: "Apply to sell" }).click();
    await card.getByText(/Your application for Malabar Journeys is under review/).waitFor();

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await e2e.signIn(admin, "admin@tripbazaar.example");
    await admin.goto(`${origin}/superadmin-panel`);
    await admin.getByText(/\d+ waiting for review/).waitFor();
    // The overview's card (the panel's navigation beside it has the same link).
    await admin.getByRole("main").getByRole("link", { name: "Seller requests" }).click();
    const request = admin.getByRole("article", { name: "Malabar Journeys" });
    await request.waitFor();
    await eventually(() => request.textContent()).toContain(email);
    await request.getByRole("button", { name: "Approve" }).click();
    await admin.getByText("Malabar Journeys is now a seller").waitFor();
    await request.waitFor({ state: "detached" });
    await admin.getByRole("link", { name: "Approved" }).click();
    await admin.getByRole("article", { name: "Malabar Journeys" }).waitFor();
    await adminContext.close();

    await agent.reload();
    await card.getByText("is approved: you are a seller now.").waitFor();
    await card.getByRole("link", { name: "Open seller dashboard" }).click();
    await agent.getByRole("heading", { level: 1, name: "Seller dashboard" }).waitFor();
    // The new seller's address is their business name (ADR 0040); the one by id leads there.
    const site = await agent.goto(`${origin}/seller/${signup.body.userId}/website`);
    expect(site?.status()).toBe(200);
    expect(agent.url()).toMatch(/\/seller\/malabar-journeys(-\d+)?\/website$/);
    await agent.getByRole("heading", { level: 1, name: "Discover your next journey with Malabar Journeys" }).waitFor();
    expect(errors).toEqual([]);
    await agentContext.close();
  });

  it("lets a superadmin activate a seller's pending custom domain by hand, which then serves the seller's site", async () => {
    const { w, origin } = e2e;
    const seller = await loginViaApi(w, "owner@himalayan.example");
    const added = await w.api("POST", "/api/seller-admin/domains", { hostname: "trails.himalayan.test" }, bearer(seller));
    expect(added.status).toBe(201);

    const context = await browser.newContext();
    const admin = await context.newPage();
    await e2e.signIn(admin, "admin@tripbazaar.example");
    await admin.goto(`${origin}/superadmin-panel`);
    await admin.getByRole("navigation", { name: "Superadmin panel" }).getByRole("link", { name: "Custom domains" }).click();
    const row = admin.getByRole("row", { name: /trails\.himalayan\.test/ });
    // The records Cloudflare for SaaS (here its offline stand-in) asks the seller for, and the status.
    await eventually(() => row.textContent()).toContain("_cf-custom-hostname.trails.himalayan.test");
    await eventually(() => row.getByTestId("domain-status").textContent()).toBe("Pending");
    await row.getByRole("button", { name: "Activate trails.himalayan.test" }).click();
    await admin.getByText("trails.himalayan.test is active").waitFor();
    await row.getByRole("button", { name: "Deactivate trails.himalayan.test" }).waitFor();
    await eventually(() => row.getByTestId("domain-status").textContent()).toBe("Active");
    await context.close();

    const site = await w.request("/", { host: "trails.himalayan.test" });
    expect(site.status).toBe(200);
    expect(await site.text()).toContain("Himalayan Trails");
  });

  it("lets a superadmin find a customer and disable the account after confirming", async () => {
    const { w, origin } = e2e;
    const email = `spammer-${Date.now()}@example.com`;
    const signup = await w.api("POST", "/api/auth/signup", {
      name: "Spam Account",
      phone: "+91 90000 44444",
      email,
      password: "Sunrise#2026",
    });
    expect((await w.api("POST", "/api/auth/verify-otp", { userId: signup.body.userId, otp: await latestCode(w, email) })).status).toBe(200);

    const context = await browser.newContext();
    const admin = await context.newPage();
    await e2e.signIn(admin, "admin@tripbazaar.example");
    await admin.goto(`${origin}/superadmin-panel/users`);
    await admin.getByLabel("Name or email").fill("spammer-");
    await admin.getByRole("button", { name: "Search" }).click();
    const row = admin.getByRole("row", { name: /Spam Account/ });
    await row.getByRole("button", { name: "Disable Spam Account" }).click();
    expect(await answerConfirm(admin, "Disable account")).toContain("is signed out everywhere");
    await admin.getByText("Account disabled").waitFor();
    await row.getByRole("button", { name: "Enable Spam Account" }).waitFor();
    await eventually(() => row.textContent()).toContain("Disabled");
    await context.close();
    expect((await w.api("POST", "/api/auth/login", { email, password: "Sunrise#2026" })).status).toBe(401);
  });
});
