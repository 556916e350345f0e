import type { getSiteSettings } from "@worker/domain/seller-admin/site";
import type { ActionResult } from "~/lib/action-result";
import { ApiRequestError, errorMessage } from "~/lib/api";

export type { SellerPackage } from "@worker/domain/seller-admin/packages";

/** What the website page shows: public profile, config, domains and the site's path. */
export type SiteSettings = NonNullable<Awaited<ReturnType<typeof getSiteSettings>>>;
export type Domain = SiteSettings["domains"][number];

/** Field path -> first message, from a failed action's `issues`; `images.2` also sets `images`. */
export type FieldErrors = Record<string, string>;

export function fieldErrorsOf(result: ActionResult | undefined): FieldErrors {
  const errors: FieldErrors = {};
  if (!result || result.ok || !result.issues) return errors;
  for (const { path, message } of result.issues) {
    const parts = path.split(".");
    for (let i = parts.length; i > 0; i--) errors[parts.slice(0, i).join(".")] ??= message;
  }
  return errors;
}

/**
 * Sends an image file as the raw request body (the API client only speaks JSON).
 * The session cookie goes with it, as with every other call; the server decides the type from the bytes.
 */
export async function uploadImage(file: File): Promise<string> {
  const res = await fetch("/api/seller-admin/media", {
    method: "POST",
    headers: {
      "content-type": file.type || "application/octet-stream",
      accept: "application/json",
    },
    body: file,
    credentials: "same-origin",
  });
  const body = (await res.json().catch(() => null)) as { url?: string; message?: string } | null;
  if (!res.ok || !body?.url) throw new ApiRequestError(res.status, body?.message ?? "", body);
  return body.url;
}

export { errorMessage };
