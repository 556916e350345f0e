import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeForm, sendPageAction } from "../support/page-action";
import { loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

// Issue 22: the seller's package and website images go through the pages' own actions, not /api/seller-admin/media,
// with the API's checks (type from the bytes, 2 MB) and the same store: with scripts one image at once
// (`intent=upload` to the page's single-fetch address), without them the form itself as multipart with its files.
// Nothing refused is stored, and no session but the seller's own stores anything, or anything of theirs.

let w: TestWorker;
type Login = Awaited<ReturnType<typeof loginViaApi>>;
let sellerA: Login;
let sellerB: Login;
let traveller: Login;
beforeAll(async () => {
  w = await startWorker();
  [sellerA, sellerB, traveller] = await Promise.all([
    loginViaApi(w, "owner@wanderlust.example"),
    loginViaApi(w, "owner@himalayan.example"),
    loginViaApi(w, "asha@example.com"),
  ]);
});
afterAll(() => w?.dispose());

// An 8x8 PNG as Chromium's canvas encodes it.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAYAAADED76LAAAAOUlEQVR4AayNwQkAMAgDxWEKXaT/0kE6o9O4hfoN+fgxcI9AyOk6LxH/NxGVJgMD2yEIGwcUfMm9AAAA//9tSBROAAAABklEQVQDAJQ8GUEz6tl3AAAAAElFTkSuQmCC",
  "base64",
);
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
const BIG = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
const MEDIA_A = /^\/media\/sellers\/s_wanderlust\/[0-9a-f-]{36}\.png$/;

const png = (name = "beach.png") => new File([PNG], name, { type: "image/png" });
/** A file input left empty: the browser still sends it, nameless and empty. */
const noFile = () => new File([], "", { type: "application/octet-stream" });

/**
 * Every upload stored under a seller's prefix (or all of them). An upload's pre-sized copies (`<key>.w480.webp`…, ADR
 * 0062) follow it on the queue and are left out: test/integration/image-variants.test.ts holds them.
 */
async function stored(sellerId = "") {
  const bucket = await w.mf.getR2Bucket("MEDIA");
  return (await bucket.list({ prefix: `sellers/${sellerId}` })).objects
    .map((o) => o.key)
    .filter((key) => !/\.w\d+\.webp$/.test(key))
    .sort();
}

/** With scripts: Upload sends one image to the page's action. */
function upload(path: string, file: File, cookie?: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set("intent", "upload");
  form.set("file", file);
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  return sendPageAction(w, path, form, { cookie });
}

/** Without scripts: the browser posts the form itself to the page (a document request). */
async function sendDocument(path: string, fields: Record<string, string | File>, cookie?: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const { type, body } = await encodeForm(form);
  return w.request(path, {
    method: "POST",
    headers: { origin: "http://localhost", "content-type": type, ...(cookie ? { cookie } : {}) },
    body,
  });
}

/** The add-package form as a browser without scripts sends it. */
const packageForm = (fields: Record<string, string | File> = {}): Record<string, string | File> => ({
  idempotencyKey: crypto.randomUUID(),
  name: "Hampi Boulders and Ruins",
  city: "Hampi",
  durationDays: "6",
  description: "Vijayanagara temples, coracle rides and sunset from Matanga hill.",
  "priceRanges.0.label": "Per person",
  "priceRanges.0.price": "24999",
  inclusions: "Coracle ride\nGuided temple walk",
  exclusions: "",
  imageFile: png(),
  ...fields,
});

const one = <T>(sql: string, ...args: unknown[]) =>
  w.d1
    .prepare(sql)
    .bind(...args)
    .first<T>();

describe("with scripts, Upload", () => {
  it("stores the image under the seller's own prefix from each form's page and answers its address", async () => {
    for (const path of [
      "/seller-dashboard/website",
      "/seller-dashboard/packages/add-package",
      "/seller-dashboard/packages/modify-package/p_goa",
    ]) {
      const before = await stored("s_wanderlust/");
      const sent = await upload(path, png(), sellerA.cookie);
      expect(sent.status, path).toBe(200);
      expect(sent.answer, path).toEqual({ ok: true, message: "Image uploaded", url: expect.stringMatching(MEDIA_A) });
      const url = sent.answer?.url ?? "";
      expect(await stored("s_wanderlust/")).toEqual([...before, url.replace("/media/", "")].sort());
      const served = await w.request(url);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    }
  });

  it("refuses a non-image (415) and an image over 2 MB (413) in the API's words, and stores nothing", async () => {
    const before = await stored();
    for (const [file, status, message] of [
      [new File([SVG], "x.svg", { type: "image/svg+xml" }), 415, "Upload a JPEG, PNG or WebP image"],
      [new File([SVG], "x.png", { type: "image/png" }), 415, "Upload a JPEG, PNG or WebP image"],
      [new File([PNG], "x.jpg", { type: "image/jpeg" }), 415, "Upload a JPEG, PNG or WebP image"],
      [new File([BIG], "big.png", { type: "image/png" }), 413, "Images are at most 2 MB"],
      [new File([], "empty.png", { type: "image/png" }), 400, "The upload is empty"],
    ] as const) {
      const sent = await upload("/seller-dashboard/website", file, sellerA.cookie);
      expect(sent.status, file.name).toBe(status);
      expect(sent.answer, file.name).toMatchObject({ ok: false, message });
    }
    expect(await stored()).toEqual(before);
  });
});

describe("without scripts, the seller's forms post themselves with their images", () => {
  it("adds a package with its image, and goes back to the package list", async () => {
    const before = await stored("s_wanderlust/");
    const res = await sendDocument("/seller-dashboard/packages/add-package", packageForm(), sellerA.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/seller-dashboard/packages");
    const saved = await one<{ images: string; prices: string; inclusions: string; status: string; days: number }>(
      "SELECT images, price_ranges AS prices, inclusions, status, duration_days AS days FROM packages WHERE seller_id = 's_wanderlust' AND name = 'Hampi Boulders and Ruins'",
    );
    expect(saved).toMatchObject({ status: "draft", days: 6 });
    const images = JSON.parse(saved?.images ?? "[]") as string[];
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(MEDIA_A);
    expect(JSON.parse(saved?.prices ?? "[]")).toEqual([{ label: "Per person", price: 2_499_900 }]);
    expect(JSON.parse(saved?.inclusions ?? "[]")).toEqual(["Coracle ride", "Guided temple walk"]);
    expect(await stored("s_wanderlust/")).toEqual([...before, images[0].replace("/media/", "")].sort());
  });

  it("modifies a package: the paths kept, a cleared one dropped, a blank price row dropped, the new image added", async () => {
    const res = await sendDocument(
      "/seller-dashboard/packages/modify-package/p_goa",
      packageForm({
        idempotencyKey: "",
        name: "Goa Beach Escape",
        city: "Goa",
        images: "/images/packages/goa-1.svg",
        "priceRanges.1.label": "",
        "priceRanges.1.price": "",
      }),
      sellerA.cookie,
    );
    expect(res.status).toBe(302);
    const saved = await one<{ images: string; prices: string }>("SELECT images, price_ranges AS prices FROM packages WHERE id = 'p_goa'");
    const images = JSON.parse(saved?.images ?? "[]") as string[];
    expect(images[0]).toBe("/images/packages/goa-1.svg");
    expect(images[1]).toMatch(MEDIA_A);
    expect(JSON.parse(saved?.prices ?? "[]")).toEqual([{ label: "Per person", price: 2_499_900 }]);
  });

  it("shows a refused form again with what was typed, the message, and the image it stored", async () => {
    const before = await stored("s_wanderlust/");
    const res = await sendDocument(
      "/seller-dashboard/packages/add-package",
      packageForm({ name: "", city: "Hampi Refused" }),
      sellerA.cookie,
    );
    expect(res.status).toBe(422);
    const html = await res.text();
    expect(html).toContain("Name cannot be empty");
    expect(html).toContain('value="Hampi Refused"');
    const added = (await stored("s_wanderlust/")).filter((k) => !before.includes(k));
    expect(added).toHaveLength(1);
    // The image is in the form sent again, so it is not lost with the refusal.
    expect(html).toContain(`value="/media/${added[0]}"`);
    expect(await one("SELECT id FROM packages WHERE city = 'Hampi Refused'")).toBeNull();
  });

  it("refuses a non-image or an image over 2 MB with the API's status and words, storing and saving nothing", async () => {
    const before = await stored();
    for (const [file, status, message] of [
      [new File([SVG], "x.png", { type: "image/png" }), 415, "Upload a JPEG, PNG or WebP image"],
      [new File([BIG], "big.png", { type: "image/png" }), 413, "Images are at most 2 MB"],
    ] as const) {
      const res = await sendDocument(
        "/seller-dashboard/packages/add-package",
        packageForm({ city: `Refused ${status}`, imageFile: file }),
        sellerA.cookie,
      );
      expect(res.status, file.name).toBe(status);
      expect(await res.text(), file.name).toContain(message);
      expect(await one("SELECT id FROM packages WHERE city = ?", `Refused ${status}`)).toBeNull();
    }
    const profile = await sendDocument(
      "/seller-dashboard/website",
      {
        intent: "profile",
        logo: "",
        logoFile: png(),
        backgroundImage: "",
        backgroundImageFile: new File([SVG], "bg.png", { type: "image/png" }),
      },
      sellerA.cookie,
    );
    expect(profile.status).toBe(415);
    expect(await stored()).toEqual(before);
  });

  it("saves the brand and the profile with their images, and shows the page again with the answer", async () => {
    const brand = await sendDocument(
      "/seller-dashboard/website",
      {
        intent: "brand",
        websiteName: "Wanderlust Trails",
        themeColor: "#0f766e",
        secondaryColor: "#87ceeb",
        wallpaperImage: "",
        wallpaperImageFile: png(),
      },
      sellerA.cookie,
    );
    expect(brand.status).toBe(200);
    expect(await brand.text()).toContain("Website settings saved");
    const config = await one<{ wallpaper: string; theme: string }>(
      "SELECT wallpaper_image AS wallpaper, theme_color AS theme FROM website_configs WHERE seller_id = 's_wanderlust'",
    );
    expect(config?.theme).toBe("#0f766e");
    expect(config?.wallpaper).toMatch(MEDIA_A);

    const profile = await sendDocument(
      "/seller-dashboard/website",
      {
        intent: "profile",
        logo: "",
        logoFile: png("logo.png"),
        backgroundImage: "/images/packages/goa-1.svg",
        backgroundImageFile: noFile(),
        bio: "Trips since 2009.",
        phone: "+91 98450 12345",
        address: "",
      },
      sellerA.cookie,
    );
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain("Profile saved");
    const seller = await one<{ logo: string; background: string; bio: string; address: string | null }>(
      "SELECT logo, background_image AS background, bio, address FROM sellers WHERE id = 's_wanderlust'",
    );
    expect(seller?.logo).toMatch(MEDIA_A);
    expect(seller).toMatchObject({ background: "/images/packages/goa-1.svg", bio: "Trips since 2009.", address: null });
  });
});

describe("whose images", () => {
  it("stores another seller's upload under that seller's own prefix, whatever the form names", async () => {
    const sent = await upload("/seller-dashboard/website", png(), sellerB.cookie, {
      sellerId: "s_wanderlust",
      key: "sellers/s_wanderlust/x.png",
    });
    expect(sent.answer?.url).toMatch(/^\/media\/sellers\/s_himalayan\/[0-9a-f-]{36}\.png$/);
  });

  it("lets another seller's form without scripts reach none of this seller's packages, storing nothing of theirs", async () => {
    const before = await stored("s_wanderlust/");
    const name = await one<{ name: string }>("SELECT name FROM packages WHERE id = 'p_goa'");
    const res = await sendDocument("/seller-dashboard/packages/modify-package/p_goa", packageForm({ name: "Taken over" }), sellerB.cookie);
    expect(res.status).toBe(404);
    expect(await one("SELECT name FROM packages WHERE id = 'p_goa'")).toEqual(name);
    expect(await stored("s_wanderlust/")).toEqual(before);
  });

  it("stores nothing for a traveller (403) or a visitor without a session (to the login)", async () => {
    const before = await stored();
    for (const path of ["/seller-dashboard/website", "/seller-dashboard/packages/add-package"]) {
      const asTraveller = await upload(path, png(), traveller.cookie);
      expect(asTraveller.status, path).toBe(403);
      const travellerForm = await sendDocument(path, { ...packageForm(), intent: "brand", wallpaperImageFile: png() }, traveller.cookie);
      expect(travellerForm.status, path).toBe(403);
      const guest = await upload(path, png());
      expect(guest.redirect, path).toBe(`/login?redirect=${encodeURIComponent(path)}`);
      const guestForm = await sendDocument(path, packageForm());
      expect(guestForm.status, path).toBe(302);
      expect(guestForm.headers.get("location"), path).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    }
    expect(await stored()).toEqual(before);
  });
});
