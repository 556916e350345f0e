import { z } from "zod";

/**
 * The searchpackages/{query} path segment (ADR 0008): the word `all-packages`, or a
 * URL-encoded query string `destination=goa&checkIn=2027-01-10&duration=5` as the
 * landing page builds it (buildSearchQuery in app/lib/seller-site.tsx). A bare word
 * without `=` is read as a destination, so /searchpackages/goa works too.
 */
import { ALL_PACKAGES } from "../../shared/search-segment";

export { ALL_PACKAGES };

const DURATION_MESSAGE = "Duration must be a whole number of days, from 1 to 60";

const searchSchema = z.object({
  // Kept as typed (the page shows it back); the query normalises it (normalizeSearchTerm, ADR 0021).
  destination: z
    .string()
    .transform((v) => v.replace(/\s+/g, " ").trim())
    .default(""),
  checkIn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Check-in must be a date (YYYY-MM-DD)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  duration: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()))
    .pipe(
      z.coerce
        .number({ invalid_type_error: DURATION_MESSAGE })
        .int(DURATION_MESSAGE)
        .min(1, DURATION_MESSAGE)
        .max(60, DURATION_MESSAGE)
        .optional(),
    ),
});

export type PackageSearch = z.infer<typeof searchSchema>;

export function parseSearchQuery(raw: string) {
  const text = raw.trim();
  if (text === "" || text === ALL_PACKAGES) return searchSchema.safeParse({});
  if (!text.includes("=")) return searchSchema.safeParse({ destination: text });
  const params = new URLSearchParams(text);
  return searchSchema.safeParse({
    destination: params.get("destination") ?? undefined,
    checkIn: params.get("checkIn") ?? undefined,
    duration: params.get("duration") ?? undefined,
  });
}
