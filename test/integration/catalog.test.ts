import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PER_PERSON_NOTE } from "../../worker/domain/bookings/price-terms";
import { type TestWorker, startWorker } from "../support/worker";

let w: TestWorker;
beforeAll(async () => {
  w = await startWorker();
});
afterAll(() => w?.dispose());

const page = async (path: string) => {
  const res = await w.request(path);
  return { status: res.status, html: await res.text() };
};

describe("the marketplace catalogue on the main site", () => {
  it("lists published packages of every seller, never drafts", async () => {
    const { status, html } = await page("/tours/search");
    expect(status).toBe(200);
    expect(html).toContain("Goa Beach Escape");
    expect(html).toContain("Spiti Valley Road Trip");
    expect(html).not.toContain("Kerala Backwaters (draft)");
    expect(html).toContain("12 packages");
  });

  it("lists twelve packages a page: the second page goes on where the first ended, searched or not", async () => {
    // A thirteenth package on sale: a copy of Goa Beach Escape under a new id and name.
    const columns = (await w.d1.prepare("SELECT name FROM pragma_table_info('packages')").all<{ name: string }>()).results.map(
      (c) => c.name,
    );
    const copied = columns.map((c) => (c === "id" ? "'p_goa_copy'" : c === "name" ? "'Goa Beach Escape Again'" : c));
    await w.d1.prepare(`INSERT INTO packages (${columns.join(", ")}) SELECT ${copied.join(", ")} FROM packages WHERE id = 'p_goa'`).run();
    const ids = (html: string) => new Set([...html.matchAll(/href="\/tour-package\/([\w-]+)"/g)].map((m) => m[1]));
    const first = ids((await page("/tours/search")).html);
    const second = ids((await page("/tours/search?page=2")).html);
    expect([first.size, second.size]).toEqual([12, 1]);
    expect([...second].filter((id) => first.has(id))).toEqual([]);
    // Searched: both Goa packages, on one page; their second page has none of them.
    const searched = ids((await page("/tours/search?q=goa+beach")).html);
    expect(searched).toEqual(new Set(["p_goa", "p_goa_copy"]));
    expect(ids((await page("/tours/search?q=goa+beach&page=2")).html).size).toBe(0);
    await w.d1.prepare("DELETE FROM packages WHERE id = 'p_goa_copy'").run();
  });

  it("searches name, city and description case-insensitively", async () => {
    const { html } = await page("/tours/search?q=GOA");
    expect(html).toContain("Goa Beach Escape");
    expect(html).not.toContain("Spiti Valley Road Trip");
    const none = await page("/tours/search?q=%25");
    expect(none.html).toContain("No packages found for the query");
  });

  it("shows a package with a link to book it on the seller's own site", async () => {
    const goa = await page("/tour-package/p_goa");
    expect(goa.status).toBe(200);
    expect(goa.html).toMatch(/Book with (<!-- -->)?Wanderlust Journeys/);
    expect(goa.html).toContain('href="http://wanderlust.localhost/package/p_goa"');
    const spiti = await page("/tour-package/p_spiti");
    expect(spiti.html).toContain('href="/seller/himalayan-trails/website/package/p_spiti"');
  });

  it("features packages on the home page, with no rating claimed while there are no reviews", async () => {
    const { status, html } = await page("/");
    expect(status).toBe(200);
    expect(html).toContain("New packages");
    expect(html).not.toContain("Top-rated");
    // The newest packages on sale (no ratings to rank by).
    expect(html).toContain("Sikkim Monasteries and Lakes");
    expect(html).not.toContain("Kerala Backwaters (draft)");
  });

  it("leads the home page with packages that have a price, each saying what the price leaves to checkout", async () => {
    // The newest package on sale is priced on request: it is not the first card the home page shows (issue 24).
    const now = new Date().toISOString();
    await w.d1
      .prepare(
        `INSERT INTO packages (id, seller_id, name, city, description, duration_days, images, price_ranges, status, created_at, updated_at)
         VALUES ('p_on_request', 's_himalayan', 'Zanskar Frozen River', 'Leh', '', 8, '[]', '[{"label":"On request","price":0}]', 'published', ?, ?)`,
      )
      .bind(now, now)
      .run();
    try {
      const { html } = await page("/");
      const cards = html.split('class="card catalog-card"').slice(1);
      expect(cards.length).toBeGreaterThan(0);
      for (const card of cards) {
        expect(card).toMatch(/From ₹[\d,]+/);
        expect(card).toContain(PER_PERSON_NOTE);
      }
      expect(cards[0]).toContain("Sikkim Monasteries and Lakes");
      expect(html).not.toContain("Call or Contact for price");
      // Its own page still says how to get a price, with no per-person note.
      const own = await page("/tour-package/p_on_request");
      expect(own.html).toContain("Call or Contact for price");
      expect(own.html).not.toContain(PER_PERSON_NOTE);
    } finally {
      await w.d1.prepare("DELETE FROM packages WHERE id = 'p_on_request'").run();
    }
  });

  it("answers 404 for a draft or missing package", async () => {
    expect((await page("/tour-package/p_kerala_draft")).status).toBe(404);
    expect((await page("/tour-package/nope")).status).toBe(404);
  });
});
