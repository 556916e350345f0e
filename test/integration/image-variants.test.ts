import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertPaidTrip } from "../support/bookings";
import { followUpsDone } from "../support/follow-ups";
import { loginViaApi } from "../support/session";
import { type TestWorker, startWorker } from "../support/worker";

// Issue 22 (ADR 0062): a seller's uploaded image gets WebP copies 480, 960 and 1440 pixels wide (never wider than
// the upload), made on the follow-up queue with the Images binding (Miniflare's, with sharp), served beside it, and
// listed in the pages' srcset, so a phone loads a copy of its width instead of the upload.

let w: TestWorker;
let seller: Awaited<ReturnType<typeof loginViaApi>>;
beforeAll(async () => {
  w = await startWorker();
  seller = await loginViaApi(w, "owner@wanderlust.example");
});
afterAll(() => w?.dispose());

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 160 } } })
    .composite([
      { input: Buffer.from(`<svg width="${width}" height="${height}"><circle cx="50%" cy="50%" r="30%" fill="#f5a623"/></svg>`) },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();

async function upload(bytes: Buffer, type = "image/jpeg") {
  const sent = await w.request("/api/seller-admin/media", {
    method: "POST",
    headers: { authorization: `Bearer ${seller.token}`, "content-type": type },
    body: new Uint8Array(bytes),
  });
  expect(sent.status).toBe(201);
  return ((await sent.json()) as { url: string; key: string }).url;
}

async function image(path: string) {
  const res = await w.request(path);
  const bytes = Buffer.from(await res.arrayBuffer());
  const meta = res.ok ? await sharp(bytes).metadata() : null;
  return {
    status: res.status,
    type: res.headers.get("content-type"),
    cache: res.headers.get("cache-control"),
    width: meta?.width,
    format: meta?.format,
  };
}

describe("pre-sized copies of a seller's upload", () => {
  it("are made on the queue at 480, 960 and 1440 px as WebP, kept a year", async () => {
    const url = await upload(await photo(2000, 1200));
    await followUpsDone(w);
    for (const width of [480, 960, 1440]) {
      expect(await image(`${url}.w${width}.webp`)).toEqual({
        status: 200,
        type: "image/webp",
        cache: "public, max-age=31536000, immutable",
        width,
        format: "webp",
      });
    }
    // The upload itself is served as it was sent.
    expect(await image(url)).toMatchObject({ status: 200, type: "image/jpeg", width: 2000, format: "jpeg" });
    const row = await w.d1
      .prepare("SELECT status, kind FROM outbox WHERE kind = 'image-variants' AND instr(payload, ?) > 0")
      .bind(url.slice("/media/".length))
      .first();
    expect(row).toEqual({ status: "sent", kind: "image-variants" });
  });

  it("are never wider than the upload", async () => {
    const url = await upload(
      await sharp(await photo(600, 400))
        .png()
        .toBuffer(),
      "image/png",
    );
    await followUpsDone(w);
    expect((await image(`${url}.w480.webp`)).width).toBe(480);
    expect((await image(`${url}.w960.webp`)).width).toBe(600);
    expect((await image(`${url}.w1440.webp`)).width).toBe(600);
  });

  it("answer the upload itself, briefly, until they are made", async () => {
    // An upload whose follow-up has not run: put in R2 directly, as the queue would find it.
    const key = `sellers/s_wanderlust/${crypto.randomUUID()}.jpg`;
    const bucket = await w.mf.getR2Bucket("MEDIA");
    await bucket.put(key, new Uint8Array(await photo(800, 500)), { httpMetadata: { contentType: "image/jpeg" } });
    expect(await image(`/media/${key}.w480.webp`)).toEqual({
      status: 200,
      type: "image/jpeg",
      cache: "public, max-age=60",
      width: 800,
      format: "jpeg",
    });
  });

  it("exist only for uploads, at the listed widths", async () => {
    const url = await upload(await photo(700, 500));
    await followUpsDone(w);
    const uuid = "0b7f6b8e-8a0f-4c5e-9d42-1f2e3d4c5b6a";
    for (const path of [
      `${url}.w500.webp`,
      `${url}.w480.png`,
      `${url}.w480.webp.w480.webp`,
      `/media/reviews/u_asha/${uuid}.jpg.w480.webp`,
      `/media/sellers/s_wanderlust/${uuid}.jpg.w480.webp`,
      `/media/sellers/s_wanderlust/../${uuid}.jpg.w480.webp`,
    ])
      expect((await w.request(path)).status, path).toBe(404);
  });

  it("are listed in the srcset of the seller's landing, package page and the marketplace's tour page", async () => {
    const url = await upload(await photo(1600, 1000));
    await w.d1
      .prepare("UPDATE packages SET images = ? WHERE id = 'p_goa'")
      .bind(JSON.stringify([url]))
      .run();
    await w.d1.prepare("UPDATE website_configs SET wallpaper_image = ? WHERE seller_id = 's_wanderlust'").bind(url).run();
    const srcset = `${url}.w480.webp 480w, ${url}.w960.webp 960w, ${url}.w1440.webp 1440w`;
    for (const path of [
      "/seller/wanderlust-journeys/website",
      "/seller/wanderlust-journeys/website/package/p_goa",
      "/tour-package/p_goa",
    ]) {
      const html = await (await w.request(path)).text();
      const img = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]).find((tag) => tag.includes(`src="${url}"`));
      expect(img, path).toBeDefined();
      // React writes the attribute as `srcSet`; HTML's attribute names are case-insensitive.
      expect(img?.toLowerCase(), path).toContain(`srcset="${srcset}"`.toLowerCase());
      expect(img, path).toMatch(/ sizes="[^"]+"/);
    }
    // The shipped pictures are SVG: no copies, no srcset.
    const home = await (await w.request("/seller/wanderlust-journeys/website/package/p_udaipur")).text();
    expect(home).not.toMatch(/<img [^>]*srcset=[^>]*src="\/images\//i);
  });
});

describe("pre-sized copies of a traveller's review photo", () => {
  it("are made on the queue as for a seller's upload, and listed in the srcset of the review's photo", async () => {
    const traveller = await loginViaApi(w, "asha@example.com");
    const sent = await w.request("/api/reviews/photos", {
      method: "POST",
      headers: { authorization: `Bearer ${traveller.token}`, "content-type": "image/jpeg" },
      body: new Uint8Array(await photo(1800, 1350)),
    });
    expect(sent.status).toBe(201);
    const { url } = (await sent.json()) as { url: string };
    expect(url).toMatch(/^\/media\/reviews\/u_[a-z]+\/[0-9a-f-]{36}\.jpg$/);
    await followUpsDone(w);
    for (const width of [480, 960, 1440])
      expect(await image(`${url}.w${width}.webp`)).toMatchObject({ status: 200, type: "image/webp", width, format: "webp" });

    // A published review showing it (the seed's reviews have no photos): its package's page lists the copies.
    const review = (await w.d1.prepare("SELECT id, package_id AS packageId FROM reviews WHERE status = 'published' LIMIT 1").first()) as {
      id: string;
      packageId: string;
    };
    await w.d1
      .prepare("UPDATE reviews SET photos = ? WHERE id = ?")
      .bind(JSON.stringify([url]), review.id)
      .run();
    // Signed in, so the page is rendered now rather than answered from the edge cache.
    const html = await (await w.request(`/tour-package/${review.packageId}`, { headers: { cookie: traveller.cookie } })).text();
    const img = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]).find((tag) => tag.includes(`src="${url}"`));
    expect(img?.toLowerCase()).toContain(`srcset="${url}.w480.webp 480w, ${url}.w960.webp 960w, ${url}.w1440.webp 1440w"`.toLowerCase());
    expect(img).toContain(' sizes="120px"');
  });

  it("that no review names within a day are deleted with their copies by the daily clean-up; a review's own are kept", async () => {
    const traveller = await loginViaApi(w, "asha@example.com");
    const send = async () => {
      const sent = await w.request("/api/reviews/photos", {
        method: "POST",
        headers: { authorization: `Bearer ${traveller.token}`, "content-type": "image/jpeg" },
        body: new Uint8Array(await photo(1000, 700)),
      });
      expect(sent.status).toBe(201);
      return ((await sent.json()) as { url: string }).url;
    };
    const [named, givenUp, recent] = [await send(), await send(), await send()];
    await followUpsDone(w);
    // A trip of hers that ended a fortnight ago, reviewed with one of the photos.
    await insertPaidTrip(w, { id: "bk_photo_trip", userId: "u_asha", packageId: "p_goa", startedAgo: 20 });
    const reviewed = await w.api(
      "POST",
      "/api/reviews",
      {
        booking: "bk_photo_trip",
        rating: 5,
        text: "A calm, well run week by the sea, with a guide who knew every beach and cafe.",
        photos: [named],
      },
      { authorization: `Bearer ${traveller.token}` },
    );
    expect(reviewed.status).toBe(201);
    // The given-up photo was uploaded two days ago; the recent one a minute ago.
    const keyOf = (url: string) => url.replace("/media/", "");
    await w.d1
      .prepare("UPDATE review_photo_uploads SET created_at = ? WHERE key = ?")
      .bind(new Date(Date.now() - 2 * 86_400_000).toISOString(), keyOf(givenUp))
      .run();

    await (await w.mf.getWorker()).scheduled({ cron: "17 3 * * *" });

    const status = async (url: string) => {
      const res = await w.request(url);
      await res.arrayBuffer();
      return res.status;
    };
    const copies = (url: string) => [url, ...[480, 960].map((width) => `${url}.w${width}.webp`)];
    for (const url of copies(givenUp)) expect({ url, status: await status(url) }).toEqual({ url, status: 404 });
    for (const url of [...copies(named), ...copies(recent)]) expect({ url, status: await status(url) }).toEqual({ url, status: 200 });
    const rows = await w.d1.prepare("SELECT key FROM review_photo_uploads WHERE user_id = 'u_asha' ORDER BY key").all<{ key: string }>();
    const unused = rows.results.map((r) => r.key);
    // The recent one still waits for its review; the named one is no longer unused; the given-up one is gone.
    expect(unused).toContain(keyOf(recent));
    expect(unused).not.toContain(keyOf(named));
    expect(unused).not.toContain(keyOf(givenUp));
  });
});
