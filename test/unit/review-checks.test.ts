import { describe, expect, it } from "vitest";
import { REMOVAL_REASONS, REVIEW_CHECKS, reviewChecks } from "../../worker/domain/reviews/checks";
import { MAX_REVIEW_PHOTOS, removeBody, replyBody, reviewBody } from "../../worker/domain/reviews/schemas";

// Issue 28 (ADR 0052): what holds a review for the superadmin (links, contact details, banned words) and what the
// form refuses outright (length, rating, photos). A held review waits; a refused one is never written.

const PLAIN = "The houseboat night on the backwaters was the highlight; the drive from Kochi took longer than planned.";

describe("the checks that hold a review", () => {
  it("let an ordinary review through, however negative, with dates, prices and counts in it", () => {
    expect(reviewChecks(PLAIN)).toEqual([]);
    expect(reviewChecks("Terrible trip. 1 star. The hotel was dirty and the guide was 3 hours late on 12.12.2025.")).toEqual([]);
    expect(reviewChecks("We paid ₹45,000 for 2 people, 4 nights; worth every rupee. Day 3 (Tsomgo) was the best.")).toEqual([]);
    expect(reviewChecks("Rooms 101, 102 and 103 faced the lake. Our group of 12 travelled in 2 cars.")).toEqual([]);
  });

  it("hold links, with or without a scheme, and bare domain names", () => {
    for (const text of [
      `${PLAIN} Photos at https://example.org/album`,
      `${PLAIN} More on http://blog.example/goa`,
      `${PLAIN} See www.cheaper-trips.example for less`,
      `${PLAIN} Book direct at cheapgoatours.com instead`,
      `${PLAIN} cheaper on goa-holidays.in/deals`,
    ])
      expect(reviewChecks(text), text).toEqual(["link"]);
  });

  it("hold email addresses, also when spelt out to dodge a filter", () => {
    for (const text of [
      `${PLAIN} Write to ravi.k+trips@mail.example.org`,
      `${PLAIN} Write to ravi (at) example (dot) org`,
      `${PLAIN} ravi[at]example[dot]org for tips`,
    ])
      expect(reviewChecks(text), text).toContain("email");
  });

  it("hold phone numbers of ten digits or more, however spaced", () => {
    for (const text of [
      `${PLAIN} Call 9876543210`,
      `${PLAIN} Call +91 98765 43210`,
      `${PLAIN} WhatsApp (022) 2345-6789 0`,
      `${PLAIN} ring 98-76-54-32-10`,
    ])
      expect(reviewChecks(text), text).toEqual(["phone"]);
    // Nine digits are not a phone number.
    expect(reviewChecks(`${PLAIN} Booking 123 456 789`)).toEqual([]);
  });

  it("hold banned words as whole words only, in any case", () => {
    expect(reviewChecks(`${PLAIN} What a SHIT hotel`)).toEqual(["words"]);
    expect(reviewChecks(`${PLAIN} the driver was a bastard`)).toEqual(["words"]);
    // Words that contain a banned one are not it.
    expect(reviewChecks("Our assistant guide from Scunthorpe was shitake-mushroom mad; a cocktail at Bitchu bar.")).toEqual([]);
  });

  it("name every check it trips, in a fixed order, each with its words for the superadmin", () => {
    expect(reviewChecks("Damn shit trip, mail me at x@y.example or call 9876543210, see www.example.com")).toEqual([
      "link",
      "email",
      "phone",
      "words",
    ]);
    expect(Object.keys(REVIEW_CHECKS)).toEqual(["link", "email", "phone", "words"]);
  });
});

describe("what the review form refuses", () => {
  const valid = { booking: "TB-2026-000123", rating: 4, text: PLAIN };
  const issues = (input: unknown) => {
    const parsed = reviewBody.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("takes a rating of 1 to 5 whole stars, from a form's string too", () => {
    expect(issues(valid)).toEqual([]);
    expect(reviewBody.parse({ ...valid, rating: "5" }).rating).toBe(5);
    for (const rating of [0, 6, 3.5, "five", null])
      expect(issues({ ...valid, rating }), String(rating)).toEqual(["rating: Choose a rating from 1 to 5 stars"]);
  });

  it("wants 20 to 2,000 characters of text, counted after trimming", () => {
    expect(issues({ ...valid, text: `   ${"a".repeat(19)}   ` })).toEqual([
      "text: Tell other travellers a little more (at least 20 characters)",
    ]);
    expect(reviewBody.parse({ ...valid, text: `  ${"a".repeat(20)}  ` }).text).toBe("a".repeat(20));
    expect(issues({ ...valid, text: "a".repeat(2000) })).toEqual([]);
    expect(issues({ ...valid, text: "a".repeat(2001) })).toEqual(["text: Reviews are at most 2,000 characters"]);
  });

  it("names the trip, and takes only photos uploaded to the review store, at most three", () => {
    expect(issues({ ...valid, booking: "   " })).toEqual(["booking: Choose the trip you are reviewing"]);
    const photo = (n: number) => `/media/reviews/u_meera/0000000${n}-0000-4000-8000-000000000000.jpg`;
    expect(issues({ ...valid, photos: [photo(1), photo(2), photo(3)] })).toEqual([]);
    expect(issues({ ...valid, photos: [photo(1), photo(2), photo(3), photo(4)] })).toEqual([`photos: At most ${MAX_REVIEW_PHOTOS} photos`]);
    for (const path of [
      "https://evil.example/x.jpg",
      "/media/packages/s_wanderlust/00000001-0000-4000-8000-000000000000.jpg",
      "/media/reviews/u_meera/../../secret.jpg",
      "/media/reviews/u_meera/00000001-0000-4000-8000-000000000000.svg",
    ])
      expect(issues({ ...valid, photos: [path] }), path).toEqual(["photos.0: Photos must be uploaded first (POST /api/reviews/photos)"]);
  });

  it("takes a seller's reply of 2 to 1,000 characters, and a removal only for a listed reason", () => {
    expect(replyBody.safeParse({ reply: " x " }).success).toBe(false);
    expect(replyBody.safeParse({ reply: "Thank you!" }).success).toBe(true);
    expect(replyBody.safeParse({ reply: "a".repeat(1001) }).success).toBe(false);
    for (const reason of Object.keys(REMOVAL_REASONS)) expect(removeBody.safeParse({ reason }).success, reason).toBe(true);
    // A negative review is not a reason.
    for (const reason of ["negative", "low-rating", ""]) expect(removeBody.safeParse({ reason }).success, reason).toBe(false);
  });
});
