import { z } from "zod";

/**
 * Inputs of the seller's own catalogue and website (validated at the edge, trusted inside).
 * SECURITY: an image is one the platform serves itself: an upload (`/media/…`) or a shipped
 * sample (`/images/…`), as a plain path of safe characters. No outside URL can put a tracking
 * pixel on visitors' or admins' screens, and nothing here can break out of `src` or CSS
 * (ADR 0021; the pages' Content-Security-Policy allows only our own images too).
 */
export const IMAGE_PATH_MESSAGE = "Upload an image, or use one of ours (a /media/ or /images/ path)";
export const imagePath = z
  .string()
  .trim()
  .max(500, "Image paths are at most 500 characters")
  .regex(/^\/(media|images)\/(?!.*\.\.)[A-Za-z0-9._~/-]+$/, IMAGE_PATH_MESSAGE);

export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, "Colours must look like #RRGGBB");

const line = (what: string, max: number) =>
  z.string().trim().min(1, `${what} cannot be empty`).max(max, `${what} is at most ${max} characters`);

/** ₹1 crore in paise: generous for any package, small enough to stay an exact integer. */
const MAX_PRICE_PAISE = 10_000_000_00;

export const priceRange = z.object({
  label: line("A price label", 40),
  price: z
    .number({ invalid_type_error: "Price must be a number" })
    .int("Price must be whole paise")
    .positive("Price must be more than zero")
    .max(MAX_PRICE_PAISE, "Price is at most ₹1,00,00,000"),
});

export const packageBody = z.object({
  name: line("Name", 120),
  city: line("City", 80),
  description: z.string().trim().max(5000, "Description is at most 5000 characters").default(""),
  durationDays: z
    .number({ invalid_type_error: "Duration must be a number of days" })
    .int("Duration must be whole days")
    .min(1, "Duration is at least 1 day")
    .max(60, "Duration is at most 60 days"),
  images: z.array(imagePath).max(10, "At most 10 images").default([]),
  priceRanges: z.array(priceRange).max(10, "At most 10 price ranges").default([]),
  inclusions: z.array(line("An inclusion", 200)).max(30, "At most 30 inclusions").default([]),
  exclusions: z.array(line("An exclusion", 200)).max(30, "At most 30 exclusions").default([]),
  /** The seller offers verified students the platform's student discount on this package (ADR 0049). */
  studentDiscount: z.boolean({ invalid_type_error: "Student discount is true or false" }).default(false),
});
export type PackageInput = z.infer<typeof packageBody>;

export const statusBody = z.object({ status: z.enum(["draft", "published"], { message: "Status is draft or published" }) });

export const idParam = z.object({ id: z.string().min(1).max(64) });

/** A profile field: absent leaves it as it is; null or an empty string clears it. */
const clearable = <T extends z.ZodTypeAny>(field: T) =>
  field
    .nullable()
    .optional()
    .transform((v: z.infer<T> | null | undefined) => (v === undefined ? undefined : v || null));

const optionalText = (what: string, max: number) => clearable(z.string().trim().max(max, `${what} is at most ${max} characters`));

/** At most this many social links per seller. */
export const MAX_SOCIAL_LINKS = 5;

/**
 * SECURITY: a social link becomes an `href` on the seller's site: only an https:// address without credentials, so no
 * `javascript:` or `data:` link and no user:password@ trick reaches a visitor.
 */
const socialLink = z
  .string()
  .trim()
  .max(200, "A social link is at most 200 characters")
  .url("Social links must be full addresses, such as https://instagram.com/yourbusiness")
  .refine((u) => {
    const url = new URL(u);
    return url.protocol === "https:" && !url.username && !url.password && url.hostname.includes(".");
  }, "Social links must be https:// addresses, such as https://instagram.com/yourbusiness");

/** Only the fields sent are changed (others are ignored); a body with none of them is refused. */
export const profileBody = z
  .object({
    logo: clearable(imagePath),
    backgroundImage: clearable(imagePath),
    bio: optionalText("Bio", 2000),
    phone: clearable(
      z
        .string()
        .trim()
        .regex(/^$|^\+?[0-9 ()-]{7,20}$/, "Phone may hold digits, spaces, brackets, dashes and a leading +"),
    ),
    address: optionalText("Address", 300),
    // Plain text on one line, shown as text (never HTML) on the seller's site.
    hours: clearable(
      z
        .string()
        .trim()
        .max(120, "Opening hours are at most 120 characters")
        .regex(/^[^<>\p{Cc}]*$/u, "Opening hours are one line of plain text, such as Mon–Sat 10:00–19:00"),
    ),
    // An empty list (or null) clears them.
    socialLinks: z
      .array(socialLink)
      .max(MAX_SOCIAL_LINKS, `At most ${MAX_SOCIAL_LINKS} social links`)
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v?.length ? v : null)),
  })
  .refine((p) => Object.values(p).some((v) => v !== undefined), "Nothing to save: send at least one profile field");
export type ProfileInput = z.infer<typeof profileBody>;

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export const domainBody = z.object({
  hostname: z
    .string()
    .trim()
    .toLowerCase()
    .transform((h) => h.replace(/\.$/, ""))
    .pipe(
      z
        .string()
        .min(1, "Enter a hostname")
        .max(253, "A hostname is at most 253 characters")
        .refine((h) => {
          const labels = h.split(".");
          return labels.length >= 2 && labels.every((l) => HOST_LABEL.test(l)) && !/^\d+$/.test(labels.at(-1) ?? "");
        }, "Enter a hostname such as trips.example.com (no scheme, port or path)"),
    ),
});
