/**
 * A seller site's readable address on the platform, `/seller/{slug}/website` (ADR 0040). Pure and imports
 * nothing, so the Worker, the domain and the migration's tests agree on one rule.
 */

export const SLUG_MIN = 3;
export const SLUG_MAX = 40;
/** Lowercase ascii letters and digits in hyphen-joined runs: no leading, trailing or doubled hyphen. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Words no seller may take: they read as the platform's own pages or roles, so a site at
 * `/seller/admin/website` would mislead. Checked on every slug the platform assigns or accepts.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "admin",
  "api",
  "dashboard",
  "help",
  "login",
  "logout",
  "new",
  "null",
  "seller",
  "seller-dashboard",
  "sellers",
  "settings",
  "signin",
  "signup",
  "superadmin",
  "superadmin-panel",
  "support",
  "tripbazaar",
  "undefined",
  "user-dashboard",
  "website",
  "www",
]);

/** What an assigned slug falls back to when the name has too few latin letters or digits to make one. */
const FALLBACK = "seller";

/**
 * "Himalayan Trails & Treks" → "himalayan-trails-treks": accents dropped, every other run of
 * non-alphanumerics becomes one hyphen, cut to {@link SLUG_MAX} at a word boundary where possible.
 * May return "" (a name with no latin letters or digits); {@link baseSlug} adds the fallback.
 */
export function slugify(name: string): string {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
  let out = "";
  for (const word of words) {
    const next = out ? `${out}-${word}` : word;
    if (next.length > SLUG_MAX) {
      if (!out) out = word.slice(0, SLUG_MAX);
      break;
    }
    out = next;
  }
  return out;
}

/**
 * The slug a new seller starts from: their name's slug, or "seller" when that is too short or reserved, kept
 * short enough that a "-NN" suffix still fits the limit.
 */
export function baseSlug(name: string): string {
  const slug = slugify(name)
    .slice(0, SLUG_MAX - 4)
    .replace(/-+$/, "");
  return slug.length < SLUG_MIN || RESERVED_SLUGS.has(slug) ? FALLBACK : slug;
}

/** `base`, else `base-2`, `base-3`… the first that `taken` does not hold (and that is not reserved). */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base) && !RESERVED_SLUGS.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate) && !RESERVED_SLUGS.has(candidate)) return candidate;
  }
}
