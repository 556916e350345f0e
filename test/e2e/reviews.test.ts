import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type E2E, startE2E } from "../support/e2e";
import { eventually } from "../support/page";

/**
 * Issue 28's reviews, end to end in Chromium: a traveller whose seeded trip has ended reviews it; the package page on
 * the seller's own domain (edge-cached for visitors) shows the new count and average; the seller replies; the reply
 * shows there too.
 */
let e2e: E2E;
let browser: Browser;
beforeAll(async () => {
  e2e = await startE2E();
  ({ browser } = e2e);
});
afterAll(() => e2e?.close());

const TEXT = "Amber Fort at sunrise was magical and the haveli felt like a palace. One long drive day, otherwise perfect.";
const REPLY = "Thank you, Meera! We have split that long drive into two days for the next groups.";

describe("reviews of a completed trip", () => {
  it("a traveller reviews with 4 stars; the seller's domain shows the new figures; the seller's reply shows", async () => {
    const domain = `http://wanderlust.localhost:${e2e.port}`;
    const visitor = await (await browser.newContext()).newPage();
    // A signed-out visit first: the page is now in the edge cache, with the seed's one 5-star review.
    await visitor.goto(`${domain}/package/p_jaipur`);
    const summary = visitor.getByTestId("rating-summary");
    await eventually(() => summary.textContent()).toContain("1 review from verified travellers");
    expect(await summary.textContent()).toContain("5.0");
    expect((await visitor.reload())?.headers()["x-tb-cache"]).toBe("hit");

    const traveller = await (await browser.newContext()).newPage();
    await e2e.signIn(traveller, "meera@example.com");
    await traveller.goto(`${e2e.origin}/user-dashboard/completed-trips`);
    await traveller.getByRole("link", { name: "Write a review of Royal Jaipur Heritage" }).click();
    await traveller.getByRole("heading", { name: "Review Royal Jaipur Heritage" }).waitFor();
    await traveller.getByLabel("4 stars").check();
    await traveller.getByRole("textbox", { name: "Your review" }).fill(TEXT);
    await traveller.getByRole("button", { name: "Publish review" }).click();
    await traveller.getByText("Thank you! Your review is published").waitFor();
    await eventually(() => traveller.getByRole("link", { name: "Write a review of Royal Jaipur Heritage" }).count()).toBe(0);

    await visitor.reload();
    await eventually(() => summary.textContent()).toContain("2 reviews from verified travellers");
    expect(await summary.textContent()).toContain("4.5");
    const mine = visitor.getByRole("listitem").filter({ hasText: TEXT });
    await mine.getByRole("img", { name: "4 out of 5 stars" }).waitFor();
    const ld = JSON.parse((await visitor.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });

    const seller = await (await browser.newContext()).newPage();
    await e2e.signIn(seller, "owner@wanderlust.example");
    await seller.goto(`${e2e.origin}/seller-dashboard/reviews`);
    const card = seller.getByRole("listitem").filter({ hasText: TEXT });
    await card.getByLabel("Your public reply to Meera").fill(REPLY);
    await card.getByRole("button", { name: "Publish reply" }).click();
    await seller.getByText("Reply published").first().waitFor();
    await seller.getByRole("listitem").filter({ hasText: TEXT }).getByText("Your reply").waitFor();

    await visitor.reload();
    await mine.getByText("Reply from Wanderlust Journeys").waitFor();
    expect(await mine.textContent()).toContain(REPLY);
  });
});
