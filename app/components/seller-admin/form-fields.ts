import type { getSiteSettings } from "@worker/domain/seller-admin/site";
import type { ActionResult } from "~/lib/action-result";

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
