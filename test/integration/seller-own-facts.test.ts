import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeForm } from "../support/page-action";
import { bearer, loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

// Issue 24, "Only the seller's own facts": a seller site shows the phone, address and opening hours the seller
// entered in their profile, and nothing in their place; no rating appears while no review is published.

let w: TestWorker;
beforeAll(async () => {
  w = await startWorker();
});
afterAll(() => w?.dispose());

const SITE = "/seller/himalayan-trails/website";
const PAGES = [SITE, `${SITE}/about`, `${SITE}/contact`];
/** Any session cookie keeps a request away from the cache, so every such request renders. */
const RENDER = { headers: { cookie: "tb_session=not-a-real-session" } };

/** What a visitor reads: the document without scripts, styles and tags, entities decoded. */
function visibleText(html: string) {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

async function read(path: string) {
  const res = await w.request(path, RENDER);
  const html = await res.text();
  expect(res.status, path).toBe(200);
  return { html, text: visibleText(html) };
}

/** Anything that reads as a fact the seller never gave: the old samples, any clock time, hours, ratings. */
const INVENTED: [string, RegExp][] = [
  ["sample phone", /98765|43210/],
  ["sample address", /Travel Street|Andheri|400069/i],
  ["a time of day", /\b\d{1,2}(:\d\d)?\s*(AM|PM)\b/i],
  ["fixed weekdays", /\b(Mon|Monday)\s*-\s*(Sat|Fri|Saturday|Friday)\b/i],
  ["hours", /\bhours\b/i],
  ["Closed", /\bClosed\b/],
  ["a star", /★|☆/],
  ["a rating", /\b(rating|rated|reviews?)\b|out of 5/i],
];

describe("a seller site shows only the seller's own facts (issue 24)", () => {
  it("leaves out the phone, address and hours a seller has not given, and every rating", async () => {
    // The seed's Himalayan Trails has no phone, address or hours. Its packages carry rating figures that no published
    // review backs (there are no reviews yet): they must not be shown either.
    await w.d1.batch([
      w.d1.prepare("UPDATE packages SET rating = 4.8, reviews = 61 WHERE seller_id = 's_himalayan'"),
      w.d1.prepare("UPDATE sellers SET content_version = content_version + 1 WHERE id = 's_himalayan'"),
    ]);
    for (const path of PAGES) {
      const { html, text } = await read(path);
      for (const [what, pattern] of INVENTED) expect(text, `${path}: ${what}`).not.toMatch(pattern);
      expect(html, path).not.toContain('href="tel:');
      expect(html, path).not.toContain("<address");
      // The seller's own email stays, and so does the way to write to them.
      expect(text, path).toContain("owner@himalayan.example");
    }
    for (const path of [`${SITE}/about`, `${SITE}/contact`]) {
      const { text } = await read(path);
      expect(text, path).toContain("Get in Touch");
      expect(text, path).toContain("Or write to us using the form.");
      expect(text, path).toContain("Send us a Message");
      // No empty labels where a fact would be.
      for (const label of ["Call Us", "Visit Our Office", "Opening Hours", "Business Hours", "Find Us Online"])
        expect(text, `${path}: ${label}`).not.toContain(label);
    }
  });

  it("shows exactly the phone, address and hours the seller saved through the dashboard form without scripts", async () => {
    const owner = await loginViaApi(w, "owner@himalayan.example");
    const facts = { phone: "+91 94180 55555", address: "Mall Road, Manali, Himachal Pradesh 175131", hours: "Mon–Sat 10:00–19:00" };
    // The website page's profile form as a browser without scripts sends it: multipart, to the page itself.
    const form = new FormData();
    const socialLinks = ["https://www.instagram.com/himalayantrails", "https://trails.example.org/blog"];
    for (const [k, v] of Object.entries({ intent: "profile", logo: "", backgroundImage: "", bio: "Treks in the high Himalaya.", ...facts }))
      form.append(k, v);
    // The social links field: one address a line, as a textarea sends it.
    form.append("socialLinks", `${socialLinks[0]}\r\n\r\n ${socialLinks[1]} `);
    const { type, body } = await encodeForm(form);
    const saved = await w.request("/seller-dashboard/website", {
      method: "POST",
      headers: { origin: "http://localhost", "content-type": type, cookie: owner.cookie },
      body,
    });
    expect(saved.status).toBe(200);
    const dashboard = await saved.text();
    expect(dashboard).toContain("Profile saved");
    expect(dashboard).toContain('value="Mon–Sat 10:00–19:00"');

    // The API answers the new field as it is stored.
    const site = await w.api("GET", "/api/seller-admin/site", undefined, bearer(owner));
    expect((site.body as { seller: { hours: string | null } }).seller).toMatchObject({ ...facts, socialLinks });

    for (const path of [`${SITE}/about`, `${SITE}/contact`]) {
      const { html, text } = await read(path);
      expect(text, path).toContain(`Call Us ${facts.phone}`);
      expect(html, path).toContain('href="tel:+919418055555"');
      expect(text, path).toContain(`Visit Our Office ${facts.address}`);
      expect(text, path).toContain(`Opening Hours ${facts.hours}`);
      expect(text, path).toContain("Find Us Online Instagram trails.example.org");
      expect(html, path).toContain('<a href="https://www.instagram.com/himalayantrails" rel="noopener noreferrer nofollow">Instagram</a>');
      for (const [what, pattern] of INVENTED.filter(([what]) => what !== "hours")) expect(text, `${path}: ${what}`).not.toMatch(pattern);
    }
    // The footer on every page: the seller's phone and hours, nothing else.
    const landing = await read(SITE);
    expect(landing.text).toContain(facts.phone);
    expect(landing.text).toContain(`Opening hours: ${facts.hours}`);
    expect(landing.html).toContain('href="https://trails.example.org/blog"');
    expect(landing.text).not.toMatch(/98765|Travel Street|\b\d{1,2}\s*(AM|PM)\b|★/);

    // Hours are one line of plain text: markup is refused, and an empty field clears them from the site again.
    const markup = await w.api("PUT", "/api/seller-admin/profile", { hours: "<b>Always</b> open" }, bearer(owner));
    expect(markup.status).toBe(422);
    const tooLong = await w.api("PUT", "/api/seller-admin/profile", { hours: "x".repeat(121) }, bearer(owner));
    expect(tooLong.status).toBe(422);
    // A social link is an https:// address: no script, data or plain-http link, no credentials, at most five.
    for (const bad of [["javascript:alert(1)"], ["data:text/html,hi"], ["http://instagram.com/x"], ["https://u:p@instagram.com/x"]]) {
      const refused = await w.api("PUT", "/api/seller-admin/profile", { socialLinks: bad }, bearer(owner));
      expect(refused.status, bad[0]).toBe(422);
    }
    const six = Array.from({ length: 6 }, (_, i) => `https://example.org/${i}`);
    expect((await w.api("PUT", "/api/seller-admin/profile", { socialLinks: six }, bearer(owner))).status).toBe(422);
    const cleared = await w.api("PUT", "/api/seller-admin/profile", { hours: "", socialLinks: [] }, bearer(owner));
    expect(cleared.status).toBe(200);
    expect((cleared.body as { seller: { hours: string | null } }).seller).toMatchObject({ hours: null, socialLinks: [] });
    const contact = await read(`${SITE}/contact`);
    expect(contact.text).not.toContain("Opening Hours");
    expect(contact.text).not.toContain(facts.hours);
    expect(contact.text).not.toMatch(/Find Us Online|Instagram/);
    expect(contact.text).toContain(`Call Us ${facts.phone}`);
  });
});
