import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { daysFromNow, insertPaidTrip } from "../support/bookings";
import { type Session, bearer, loginViaApi, waitForEmail } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

let w: TestWorker;
let meera: Session;
let rahul: Session;
let asha: Session;
let wanderlust: Session;
let himalayan: Session;
let admin: Session;
beforeAll(async () => {
  w = await startWorker();
  [meera, rahul, asha, wanderlust, himalayan, admin] = await Promise.all(
    [
      "meera@example.com",
      "rahul@example.com",
      "asha@example.com",
      "owner@wanderlust.example",
      "owner@himalayan.example",
      "admin@tripbazaar.example",
    ].map((email) => loginViaApi(w, email)),
  );
});
afterAll(() => w?.dispose());

const TEXT = "The itinerary was well paced and the hotel staff looked after us from the first day to the last.";
const review = (s: Session, booking: string, rating = 4, text = TEXT) =>
  w.api("POST", "/api/reviews", { booking, rating, text }, bearer(s));
const packageFigures = async (id: string) => {
  const res = await w.api("GET", `/api/reviews/packages/${id}`);
  expect(res.status).toBe(200);
  return res.body as { rating: number; reviews: number; distribution: { stars: number; count: number }[]; data: { text: string }[] };
};
const count = async (sql: string, ...params: unknown[]) =>
  (
    await w.d1
      .prepare(sql)
      .bind(...params)
      .first<{ n: number }>()
  )?.n ?? 0;

/** A paid, confirmed trip of `userId` that started `startedAgo` days ago, written straight to D1. */
const trip = (id: string, userId: string, packageId: string, startedAgo: number) =>
  insertPaidTrip(w, { id, userId, packageId, startedAgo });

describe("the seed's reviews", () => {
  it("are real reviews of completed trips, and each package's rating and count are counted from them", async () => {
    expect(
      await count(
        "SELECT count(*) AS n FROM reviews r JOIN bookings b ON b.id = r.booking_id WHERE b.status != 'confirmed' OR b.payment_status != 'completed'",
      ),
    ).toBe(0);
    const mismatched = await count(
      "SELECT count(*) AS n FROM packages p WHERE p.reviews != (SELECT count(*) FROM reviews r WHERE r.package_id = p.id AND r.status = 'published') OR p.rating != coalesce((SELECT round(avg(rating), 1) FROM reviews r WHERE r.package_id = p.id AND r.status = 'published'), 0)",
    );
    expect(mismatched).toBe(0);
    const goa = await packageFigures("p_goa");
    expect(goa).toMatchObject({ rating: 4.5, reviews: 2 });
    expect(goa.distribution.find((d) => d.stars === 5)?.count).toBe(1);
    expect(goa.distribution.find((d) => d.stars === 4)?.count).toBe(1);
    expect((await packageFigures("p_leh")).reviews).toBe(0);
  });
});

describe("the invitation to review", () => {
  it("is emailed once per booking by the scheduled run, however often it runs", async () => {
    const worker = await w.mf.getWorker();
    await worker.scheduled({ cron: "*/15 * * * *" });
    await worker.scheduled({ cron: "*/15 * * * *" });
    // bk_m2 ended days ago and is not reviewed; the seed's reviewed trips and Asha's long-past trip are not invited.
    expect(await count("SELECT count(*) AS n FROM outbox WHERE kind = 'review-invitation'")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM review_invitations WHERE booking_id = 'bk_m2'")).toBe(1);
    const email = await waitForEmail(w, "meera@example.com", (m) => m.subject.startsWith("How was"));
    expect(email.subject).toBe("How was Royal Jaipur Heritage? Review your trip");
    expect(email.text).toContain(`/user-dashboard/completed-trips?review=${w.seed.bookings.bk_m2.ref}`);
    // The week-old outbox row is cleaned up by maintenance; the booking is still never invited again.
    await w.d1.prepare("DELETE FROM outbox WHERE kind = 'review-invitation'").run();
    await worker.scheduled({ cron: "*/15 * * * *" });
    expect(await count("SELECT count(*) AS n FROM outbox WHERE kind = 'review-invitation'")).toBe(0);
  });
});

describe("who may review what", () => {
  it("refuses a trip that has not happened, one reviewed already, one that ended too long ago and another traveller's", async () => {
    const upcoming = await review(asha, w.seed.bookings.bk_w1.ref);
    expect(upcoming.status).toBe(422);
    expect(upcoming.body).toMatchObject({ success: false, message: "Only a confirmed, paid trip can be reviewed" });
    const longAgo = await review(asha, w.seed.bookings.bk_w4.ref);
    expect(longAgo.status).toBe(409);
    expect(longAgo.body.message).toBe("You have already reviewed this trip");
    const reviewedAlready = await review(rahul, w.seed.bookings.bk_r1.ref);
    expect(reviewedAlready.status).toBe(409);
    const notTheirs = await review(meera, w.seed.bookings.bk_r1.ref);
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body.message).toBe("Booking not found");
    // A paid trip that has not ended yet, and one that ended 91 days ago.
    await trip("bk_t_future", "u_rahul", "p_goa", 2);
    const notEnded = await review(rahul, "bk_t_future");
    expect(notEnded.status).toBe(422);
    expect(notEnded.body.message).toMatch(/^You can review this trip once it has ended, from /);
    await trip("bk_t_old", "u_rahul", "p_goa", 5 + 91);
    const tooLate = await review(rahul, "bk_t_old");
    expect(tooLate.status).toBe(422);
    expect(tooLate.body.message).toMatch(/^Reviews can be written up to 90 days after a trip/);
    // Sellers and bad input.
    expect((await review(wanderlust, w.seed.bookings.bk_m2.ref)).status).toBe(403);
    expect((await w.api("POST", "/api/reviews", { booking: "bk_m2", rating: 6, text: TEXT }, bearer(meera))).status).toBe(422);
    expect((await w.api("POST", "/api/reviews", { booking: "bk_m2", rating: 4, text: "Nice" }, bearer(meera))).status).toBe(422);
    const foreignPhoto = await w.api(
      "POST",
      "/api/reviews",
      { booking: "bk_m2", rating: 4, text: TEXT, photos: ["/media/reviews/u_rahul/00000000-0000-4000-8000-000000000000.jpg"] },
      bearer(meera),
    );
    expect(foreignPhoto.status).toBe(422);
    expect(await count("SELECT count(*) AS n FROM reviews WHERE booking_id IN ('bk_m2', 'bk_t_future', 'bk_t_old')")).toBe(0);
  });

  it("of 20 concurrent reviews of one booking, writes exactly one, and recounts the package in the same batch", async () => {
    const before = await packageFigures("p_jaipur");
    expect(before).toMatchObject({ rating: 5, reviews: 1 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => review(meera, w.seed.bookings.bk_m2.ref, 4)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await count("SELECT count(*) AS n FROM reviews WHERE booking_id = 'bk_m2'")).toBe(1);
    const after = await packageFigures("p_jaipur");
    expect(after).toMatchObject({ rating: 4.5, reviews: 2 });
    expect(after.data[0].text).toBe(TEXT);
    const listed = await w.api("GET", "/api/reviews?rating=4&destination=jaipur");
    expect(listed.body.data.map((r: { authorName: string }) => r.authorName)).toEqual(["Meera"]);
  });
});

describe("held reviews and the superadmin", () => {
  it("holds a review with contact details, publishes it on approval and removes one only for a listed reason, each with its audit entry", async () => {
    await trip("bk_t_held", "u_rahul", "p_munnar", 8);
    const before = await packageFigures("p_munnar");
    const held = await review(rahul, "bk_t_held", 2, "Call me on +91 98765 43210 and I will tell you what went wrong with the houseboat.");
    expect(held.status).toBe(201);
    expect(held.body.review).toMatchObject({ status: "pending", heldFor: ["a phone number"] });
    expect(await packageFigures("p_munnar")).toMatchObject({ rating: before.rating, reviews: before.reviews });

    const queue = await w.api("GET", "/api/superadmin/reviews?status=pending", undefined, bearer(admin));
    expect(queue.status).toBe(200);
    const id = held.body.review.id as string;
    expect(queue.body.data.map((r: { id: string }) => r.id)).toContain(id);

    const published = await w.api("POST", `/api/superadmin/reviews/${id}/publish`, undefined, bearer(admin));
    expect(published.status).toBe(200);
    expect(await packageFigures("p_munnar")).toMatchObject({ rating: 3, reviews: 2 });
    expect((await w.api("POST", `/api/superadmin/reviews/${id}/publish`, undefined, bearer(admin))).status).toBe(409);
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE action = 'review.publish' AND target_id = ?", id)).toBe(1);

    expect((await w.api("POST", `/api/superadmin/reviews/${id}/remove`, { reason: "too negative" }, bearer(admin))).status).toBe(422);
    const removed = await w.api("POST", `/api/superadmin/reviews/${id}/remove`, { reason: "personal-information" }, bearer(admin));
    expect(removed.status).toBe(200);
    expect(await packageFigures("p_munnar")).toMatchObject({ rating: before.rating, reviews: before.reviews });
    const entry = await w.d1
      .prepare("SELECT actor_id, actor_role, reason, after FROM audit_log WHERE action = 'review.remove' AND target_id = ?")
      .bind(id)
      .first<{ actor_id: string; actor_role: string; reason: string; after: string }>();
    expect(entry).toMatchObject({ actor_id: "u_admin", actor_role: "superadmin" });
    expect(entry?.reason).toMatch(/personal information/i);
    expect(await count("SELECT count(*) AS n FROM reviews WHERE id = ? AND removal_reason = 'personal-information'", id)).toBe(1);
    expect((await w.api("POST", `/api/superadmin/reviews/${id}/remove`, { reason: "duplicate" }, bearer(admin))).status).toBe(409);
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE action = 'review.remove' AND target_id = ?", id)).toBe(1);
    expect((await w.api("POST", "/api/superadmin/reviews/rv_nope/publish", undefined, bearer(admin))).status).toBe(404);
  });

  it("refuses every admin endpoint to travellers and sellers (403)", async () => {
    for (const s of [meera, wanderlust]) {
      expect((await w.api("GET", "/api/superadmin/reviews", undefined, bearer(s))).status).toBe(403);
      expect((await w.api("POST", "/api/superadmin/reviews/rv_seed_m1/publish", undefined, bearer(s))).status).toBe(403);
      expect((await w.api("POST", "/api/superadmin/reviews/rv_seed_m1/remove", { reason: "duplicate" }, bearer(s))).status).toBe(403);
    }
    expect(await count("SELECT count(*) AS n FROM reviews WHERE id = 'rv_seed_m1' AND status = 'published'")).toBe(1);
  });
});

describe("the seller's reply and report", () => {
  it("replies once, publicly, only to reviews of their own packages, and the cached package page shows it", async () => {
    const page = () => w.request("/package/p_goa", { host: "wanderlust.localhost" });
    const first = await page();
    expect(await first.text()).not.toContain("See you again on the beach");
    expect((await page()).headers.get("x-tb-cache")).toBe("hit");

    expect((await w.api("POST", "/api/seller-admin/reviews/rv_seed_m1/reply", { reply: "Not mine" }, bearer(himalayan))).status).toBe(404);
    const reply = await w.api(
      "POST",
      "/api/seller-admin/reviews/rv_seed_m1/reply",
      { reply: "See you again on the beach, Meera!" },
      bearer(wanderlust),
    );
    expect(reply.status).toBe(200);
    const again = await w.api("POST", "/api/seller-admin/reviews/rv_seed_m1/reply", { reply: "Twice" }, bearer(wanderlust));
    expect(again.status).toBe(409);
    expect((await w.api("POST", "/api/seller-admin/reviews/rv_seed_m1/reply", { reply: "x" }, bearer(meera))).status).toBe(403);

    const fresh = await page();
    expect(fresh.headers.get("x-tb-cache")).toBe("miss");
    expect(await fresh.text()).toContain("See you again on the beach, Meera!");
  });

  it("reports a review once with a reason; the superadmin sees it", async () => {
    expect((await w.api("POST", "/api/seller-admin/reviews/rv_seed_r1/report", { reason: "because" }, bearer(wanderlust))).status).toBe(
      422,
    );
    expect((await w.api("POST", "/api/seller-admin/reviews/rv_seed_h2/report", { reason: "other" }, bearer(wanderlust))).status).toBe(404);
    const reported = await w.api(
      "POST",
      "/api/seller-admin/reviews/rv_seed_r1/report",
      { reason: "false-facts", note: "We never changed the plan" },
      bearer(wanderlust),
    );
    expect(reported.status).toBe(200);
    expect((await w.api("POST", "/api/seller-admin/reviews/rv_seed_r1/report", { reason: "other" }, bearer(wanderlust))).status).toBe(409);
    const queue = await w.api("GET", "/api/superadmin/reviews?status=reported", undefined, bearer(admin));
    expect(queue.body.data.find((r: { id: string }) => r.id === "rv_seed_r1")?.reportReason).toBe(
      "States facts that are untrue: We never changed the plan",
    );
    const mine = await w.api("GET", "/api/seller-admin/reviews", undefined, bearer(wanderlust));
    expect(mine.status).toBe(200);
    expect(mine.body.data.every((r: { package: { id: string } }) => r.package.id !== "p_kedarnath")).toBe(true);
  });
});

describe("package pages", () => {
  it("list five reviews a page, newest first, and the next page goes on where the first ended, on both sites", async () => {
    const unreviewed = await w.d1
      .prepare(
        "SELECT id FROM packages WHERE seller_id = 's_wanderlust' AND status = 'published' AND moderation = 'approved' AND id NOT IN (SELECT package_id FROM reviews) ORDER BY id LIMIT 1",
      )
      .first<{ id: string }>();
    const id = unreviewed?.id ?? "";
    expect(id).not.toBe("");
    for (let n = 1; n <= 7; n++) {
      await trip(`bk_paged_${n}`, "u_rahul", id, 10 + n);
      await w.d1
        .prepare(
          "INSERT INTO reviews (id, booking_id, package_id, seller_id, user_id, author_name, travelled_on, rating, body, status, created_at, published_at) VALUES (?1, ?2, ?3, 's_wanderlust', 'u_rahul', 'Rahul', ?4, 4, ?5, 'published', ?6, ?6)",
        )
        .bind(
          `rv_paged_${n}`,
          `bk_paged_${n}`,
          id,
          daysFromNow(-10 - n),
          `Paged review number ${n} of this trip.`,
          `2026-01-0${n}T10:00:00.000Z`,
        )
        .run();
    }
    const shown = (html: string) => [...html.matchAll(/Paged review number (\d)/g)].map((m) => Number(m[1]));
    for (const [path, host] of [
      [`/tour-package/${id}`, "localhost"],
      [`/package/${id}`, "wanderlust.localhost"],
    ]) {
      const first = await w.request(path, { host });
      const second = await w.request(`${path}?page=2`, { host });
      expect([first.status, second.status], path).toEqual([200, 200]);
      expect(new Set(shown(await first.text())), path).toEqual(new Set([7, 6, 5, 4, 3]));
      expect(new Set(shown(await second.text())), path).toEqual(new Set([2, 1]));
    }
  });

  it("carry Product JSON-LD whose traveller text cannot end the script element", async () => {
    await trip("bk_t_xss", "u_rahul", "p_udaipur", 7);
    const text = 'Lovely lakes </script><script>alert("x")</script> and <!-- palaces --> & boats\u2028all week.';
    const res = await review(rahul, "bk_t_xss", 5, text);
    expect(res.body.review.status).toBe("published");
    for (const [path, host] of [
      ["/tour-package/p_udaipur", "localhost"],
      ["/package/p_udaipur", "wanderlust.localhost"],
    ]) {
      const html = await (await w.request(path, { host })).text();
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]);
      expect(blocks).toHaveLength(1);
      const data = JSON.parse(blocks[0]);
      expect(data).toMatchObject({ "@type": "Product", aggregateRating: { ratingValue: 5, reviewCount: 1, bestRating: 5 } });
      expect(data.review[0].reviewBody).toBe(text);
      expect(html).not.toContain('<script>alert("x")</script>');
    }
  });
});
