import type { Env } from "./env";

/** Keys written by POST /api/seller-admin/media and POST /api/reviews/photos; anything else is not ours to serve. */
const MEDIA_PATH = /^\/media\/((?:sellers|reviews)\/[A-Za-z0-9_-]{1,80}\/[0-9a-f-]{36}\.(?:png|jpg|webp))$/;

/**
 * GET /media/<key>: uploaded images from R2, on the platform host and on custom domains.
 * Keys are random and never rewritten, so copies may be kept for a year.
 * Returns null for paths that are not media, so the caller carries on.
 */
export async function serveMedia(request: Request, env: Env, url: URL): Promise<Response | null> {
  if (!url.pathname.startsWith("/media/")) return null;
  const key = MEDIA_PATH.exec(url.pathname)?.[1];
  if (!key || !env.MEDIA || (request.method !== "GET" && request.method !== "HEAD")) return mediaNotFound();
  const object = await env.MEDIA.get(key);
  if (!object) return mediaNotFound();
  const headers = new Headers({
    "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
    "cache-control": "public, max-age=31536000, immutable",
    etag: object.httpEtag,
    // SECURITY: the stored type is the sniffed one; browsers must not second-guess it, and the
    // response may never run as a document.
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; sandbox",
  });
  if (request.headers.get("if-none-match") === object.httpEtag) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : object.body, { headers });
}

function mediaNotFound() {
  return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });
}
