import { z } from "zod";
import { count, instant, paise } from "./common";

/** A seller's public profile. */
export const sellerProfile = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  logo: z.string().nullable(),
  backgroundImage: z.string().nullable(),
  address: z.string().nullable(),
  hours: z.string().nullable().describe("Opening hours in the seller's own words, e.g. `Mon–Sat 10:00–19:00`; null when not given"),
  socialLinks: z
    .array(z.string())
    .describe("The seller's own pages elsewhere (secure web addresses only), in their order; empty when none"),
});

export const websiteConfig = z.object({
  themeColor: z.string(),
  secondaryColor: z.string(),
  websiteName: z.string(),
  wallpaperImage: z.string().nullable(),
});

/** `{ seller, websiteConfig }`: what a seller's website shows of them. */
export const sellerSite = z.object({ seller: sellerProfile, websiteConfig });

/** A seller's custom domain; it is served once a superadmin activates it. */
export const customDomain = z.object({
  id: z.string(),
  hostname: z.string(),
  status: z.enum(["pending", "verifying", "active", "failed"]),
  failureReason: z.string().nullable().describe("Why the hostname or its certificate failed, in Cloudflare's words"),
  records: z
    .array(
      z.object({
        type: z.enum(["CNAME", "TXT", "HTTP"]),
        name: z.string(),
        value: z.string(),
        purpose: z.enum(["routing", "ownership", "certificate"]),
      }),
    )
    .describe("The DNS records to create (HTTP: a file served at `name` with `value` as its body)"),
  apex: z.boolean().describe("A bare domain, which most DNS providers cannot CNAME: use www."),
  automatic: z.boolean().describe("Checked by Cloudflare for SaaS; false: a superadmin activates it"),
  heldByAdmin: z.boolean(),
  checkedAt: instant.nullable(),
  verificationToken: z.string(),
  txtRecord: z.string().describe("The TXT record's name: `_tripbazaar.<hostname>`"),
  createdAt: instant,
});

/** The seller's website settings page: profile, config, domains and the site's path. */
export const siteSettings = sellerSite.extend({ domains: z.array(customDomain), sitePath: z.string() });

/** A message sent through a seller website's contact form. */
export const contactMessage = z.object({
  id: z.string(),
  sellerId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(["new", "read"]),
  createdAt: instant,
});

/** A package on a seller's public website (published only). */
export const publicPackage = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  city: z.string(),
  description: z.string(),
  duration: z.string().describe("In words, e.g. `4 Days / 3 Nights`"),
  durationDays: count,
  images: z.array(z.string()),
  priceRanges: z.array(z.object({ label: z.string(), price: paise })),
  inclusions: z.array(z.string()),
  exclusions: z.array(z.string()),
  itinerary: z
    .array(z.object({ day: count, title: z.string(), details: z.string(), overnight: z.string(), meals: z.string() }))
    .describe("The day-by-day itinerary (ADR 0045); empty when the seller wrote none"),
  rating: z.number(),
  reviews: count,
});

/** A package as its seller manages it, drafts included. */
export const moderationState = z
  .enum(["pending", "approved", "rejected"])
  .describe("The operator's review (ADR 0048): only an approved, published package is public");

const moderatedChanges = publicPackage
  .pick({ name: true, city: true, description: true, images: true, inclusions: true, exclusions: true, itinerary: true })
  .partial();

export const sellerPackage = publicPackage.extend({
  studentDiscount: z.boolean().describe("Verified students get the platform's student discount on it (ADR 0049)"),
  status: z.enum(["draft", "published"]),
  moderation: moderationState,
  moderationReason: z.string().nullable().describe("Why the operator rejected it"),
  edit: z
    .object({
      id: z.string(),
      status: z.enum(["pending", "rejected"]),
      fields: z.array(z.enum(["name", "city", "description", "images", "inclusions", "exclusions", "itinerary"])),
      changes: moderatedChanges.describe("The reviewed fields as the seller wants them"),
      reason: z.string().nullable(),
      submittedAt: instant,
      decidedAt: instant.nullable(),
    })
    .nullable()
    .describe("The newest change to the text or photos sent for review: pending, or rejected (with the reason) until the next save"),
  bookings: count.describe("Bookings that reference it (a package with bookings cannot be deleted)"),
  createdAt: instant,
  updatedAt: instant,
});

/** A customer's application to sell on Tripbazaar. */
export const sellerRequest = z.object({
  id: z.string(),
  userId: z.string(),
  businessName: z.string(),
  phone: z.string(),
  city: z.string(),
  about: z.string(),
  status: z.enum(["pending", "approved", "rejected"]),
  reviewNote: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: instant.nullable(),
  createdAt: instant,
});
