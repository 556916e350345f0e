import type { Env } from "./env";
import { UPLOAD_KEY, VARIANT_WIDTHS } from "./shared/image-variants";

/** An upload's key (UPLOAD_KEY, without its anchors): anything else is not ours to serve. */
const KEY = UPLOAD_KEY.source.slice(1, -1);
/** An upload: written by POST /api/seller-admin/media, the seller forms, POST /api/reviews/photos and the review form. */
const MEDIA_PATH = new RegExp(`^/media/(${KEY})$`);
/** A pre-sized WebP copy of an upload (ADR 0062): its key, then one of the widths. */
const VARIANT_PATH = new RegExp(`^/media/(${KEY})\\.w(?:${VARIANT_WIDTHS.join("|")})\\.webp$`);

/** A copy that is not made yet is answered with the upload itself, kept this long, so the copy is asked for again soon. */
const NOT_YET_MAX_AGE = 60;

/**
 * GET /media/<key>: uploaded images from R2, on the platform host and on custom domains.
 * Keys are random and never rewritten, so copies may be kept for a year.
 * Returns null for paths that are not media, so the caller carries on.
 */
export async function serveMedia(request: Request, env: Env, url: URL): Promise<Response | null> {
  if (!url.pathname.startsWith("/media/")) return null;
  if (!env.MEDIA || (request.method !== "GET" && request.method !== "HEAD")) return mediaNotFound();
  const key = MEDIA_PATH.exec(url.pathname)?.[1];
  const variant = key ? null : VARIANT_PATH.exec(url.pathname);
  if (!key && !variant) return mediaNotFound();
  let object = await env.MEDIA.get(key ?? url.pathname.slice("/media/".length));
  let maxAge = 31536000;
  // A copy not made yet (its follow-up is still on the queue): the upload, briefly.
  if (!object && variant) {
    object = await env.MEDIA.get(variant[1]);
    maxAge = NOT_YET_MAX_AGE;
  }
  if (!object) return mediaNotFound();
  const headers = new Headers({
    "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "cache-control": maxAge === NOT_YET_MAX_AGE ? `public, max-age=${NOT_YET_MAX_AGE}` : "public, max-age=31536000, immutable",
    etag: object.httpEtag,
    // SECURITY: the stored type is the sniffed one (or our own WebP copy's); browsers must not second-guess it, and
    // the response may never run as a document.
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
  });
  if (request.headers.get("if-none-match") === object.httpEtag) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : object.body, { headers });
}

function mediaNotFound() {
  return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}
