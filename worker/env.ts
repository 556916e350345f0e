import { z } from "zod";
import type { FollowUpMessage } from "./domain/follow-ups/message";

/** Bindings and vars as wrangler hands them to the Worker. */
export interface Env {
  DB: D1Database;
  /** Uploaded images (ADR 0011); served at /media/<key>. */
  MEDIA?: R2Bucket;
  /** Cloudflare's Images binding: the pre-sized copies of sellers' uploads (ADR 0062); locally Miniflare's, with sharp. */
  IMAGES?: ImagesBinding;
  ASSETS?: Fetcher;
  ENVIRONMENT?: string;
  /** Set only by `npm run bench`'s server: enables /__bench/d1, the cost of one bare D1 round trip. */
  BENCH?: string;
  /** "1" lets a request ask for a D1 failure with the x-tb-fault header (worker/db/fault-d1.ts); never honoured in production. */
  FAULTS?: string;
  PLATFORM_HOSTS?: string;
  /** The platform's own address, which links in emails start with (ADR 0026); its host is one of PLATFORM_HOSTS. */
  PUBLIC_ORIGIN?: string;
  /** "1" lets a request set the clock of the custom-domain lookup with the x-tb-now header (worker/clock.ts); never honoured in production. */
  TEST_CLOCK?: string;
  JWT_SECRET?: string;
  JWT_ISSUER?: string;
  JWT_AUDIENCE?: string;
  PASSWORD_PEPPER?: string;
  HANDOVER_JWT_SECRET?: string;
  HANDOVER_JWT_ISSUER?: string;
  EMAIL_FROM?: string;
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
  /** How long one call to the email provider may take, in ms (default 10 s). */
  EMAIL_TIMEOUT_MS?: string;
  /** Follow-up work (emails, a decision's refund) as messages (ADR 0039); its consumer is this Worker's `queue()`. */
  FOLLOW_UPS?: Queue<FollowUpMessage>;
  /** The first retry's delay in seconds, doubled each time (default 10); tests set it low. */
  FOLLOW_UP_RETRY_SECONDS?: string;
  /** Cloudflare's Rate Limiting binding: the public searches per client address (`[[ratelimits]]` in wrangler.toml). */
  SEARCH_LIMITER?: RateLimit;
  CF_ZONE_ID?: string;
  CF_PURGE_TOKEN?: string;
  CF_API_BASE?: string;
  /** Cloudflare for SaaS (ADR 0041): an API token with Zone → SSL and Certificates: Edit, for CF_ZONE_ID's custom hostnames. */
  CF_API_TOKEN?: string;
  /** The host sellers' custom domains CNAME to: the SaaS zone's fallback origin (e.g. customers.tripbazaar.example). */
  SAAS_FALLBACK_ORIGIN?: string;
  /** Razorpay (ADR 0029): all three from `wrangler secret put`; without them, outside production, the test provider. */
  RAZORPAY_KEY_ID?: string;
  RAZORPAY_KEY_SECRET?: string;
  RAZORPAY_WEBHOOK_SECRET?: string;
  /** The built-in test provider's signing secrets (development and tests only; refused in production). */
  TEST_PAYMENTS_KEY_SECRET?: string;
  TEST_PAYMENTS_WEBHOOK_SECRET?: string;
  /** The test provider refuses this many refunds (per isolate) before it makes them again: the retry path in tests. */
  TEST_PAYMENTS_REFUND_FAILURES?: string;
  /** What happens to a payment the provider only authorized (ADR 0043): `auto` captures it through the API, `webhook` waits for `payment.captured`. */
  PAYMENT_CAPTURE?: string;
  /** Signs the voucher verify links (ADR 0046), from `wrangler secret put`; without it a key derived from JWT_SECRET. */
  VOUCHER_SECRET?: string;
  /** Signs flight, hotel and bus offer ids (issue 27), from `wrangler secret put`; without it a key derived from JWT_SECRET. */
  OFFER_SECRET?: string;
  /** A hotel aggregator's API (ADR 0047): both set, hotels come from it; otherwise from the built-in offline supplier. */
  HOTEL_SUPPLIER_URL?: string;
  HOTEL_SUPPLIER_KEY?: string;
  /** A bus aggregator's API (ADR 0047), likewise. */
  BUS_SUPPLIER_URL?: string;
  BUS_SUPPLIER_KEY?: string;
  /** How long one call to a travel supplier may take, in ms (default 8 s). */
  SUPPLIER_TIMEOUT_MS?: string;
  /** Which flight supplier answers searches (ADR 0053): `offline` (built in, the default) until an aggregator's adapter is added. */
  FLIGHT_SUPPLIER?: string;
  /** How long one call to the flight supplier may take, in ms (default 8 s). */
  FLIGHT_SUPPLIER_TIMEOUT_MS?: string;
}

const configFields = z.object({
  ENVIRONMENT: z.enum(["development", "test", "production"]).default("production"),
  PLATFORM_HOSTS: z
    .string()
    .default("localhost,127.0.0.1")
    .transform((v) =>
      v
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  JWT_SECRET: z.string().min(32, "JWT_SECRET must be at least 32 characters"),
  JWT_ISSUER: z.string().default("https://tripbazaar.example"),
  JWT_AUDIENCE: z.string().default("tripbazaar"),
  PASSWORD_PEPPER: z.string().min(8, "PASSWORD_PEPPER must be set"),
  HANDOVER_JWT_SECRET: z.string().optional(),
  HANDOVER_JWT_ISSUER: z.string().default("https://tours.sister.example"),
  EMAIL_FROM: z.string().default("Tripbazaar <no-reply@tripbazaar.example>"),
  EMAIL_API_URL: z.string().url().optional(),
  EMAIL_API_KEY: z.string().optional(),
  EMAIL_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  // The binding itself, passed through: services enqueue their follow-ups on it (worker/domain/follow-ups).
  FOLLOW_UPS: z.custom<Queue<FollowUpMessage>>((v) => v === undefined || (typeof v === "object" && v !== null)).optional(),
  FOLLOW_UP_RETRY_SECONDS: z.coerce.number().min(0).default(10),
  // The binding itself, passed through: the public searches count their client addresses on it (domain/travel/throttle.ts).
  SEARCH_LIMITER: z.custom<RateLimit>((v) => v === undefined || (typeof v === "object" && v !== null)).optional(),
  // Purge by cache tag after a seller's content changes (worker/cache/purge.ts); unset locally.
  CF_ZONE_ID: z.string().optional(),
  CF_PURGE_TOKEN: z.string().optional(),
  CF_API_BASE: z.string().url().default("https://api.cloudflare.com/client/v4"),
  // Custom hostnames through Cloudflare for SaaS (worker/saas/config.ts); without them domains are activated by hand.
  CF_API_TOKEN: z.string().min(1).optional(),
  SAAS_FALLBACK_ORIGIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/, "SAAS_FALLBACK_ORIGIN is a hostname such as customers.tripbazaar.example")
    .optional(),
  PUBLIC_ORIGIN: z.string().optional(),
  RAZORPAY_KEY_ID: z.string().min(1).optional(),
  RAZORPAY_KEY_SECRET: z.string().min(1).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).optional(),
  TEST_PAYMENTS_KEY_SECRET: z.string().min(16).optional(),
  TEST_PAYMENTS_WEBHOOK_SECRET: z.string().min(16).optional(),
  TEST_PAYMENTS_REFUND_FAILURES: z.coerce.number().int().min(0).max(100).optional(),
  PAYMENT_CAPTURE: z.enum(["auto", "webhook"]).default("auto"),
  VOUCHER_SECRET: z.string().min(32, "VOUCHER_SECRET must be at least 32 characters").optional(),
  OFFER_SECRET: z.string().min(32, "OFFER_SECRET must be at least 32 characters").optional(),
  HOTEL_SUPPLIER_URL: z.string().url().optional(),
  HOTEL_SUPPLIER_KEY: z.string().min(1).optional(),
  BUS_SUPPLIER_URL: z.string().url().optional(),
  BUS_SUPPLIER_KEY: z.string().min(1).optional(),
  SUPPLIER_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(8_000),
  FLIGHT_SUPPLIER: z.enum(["offline"]).default("offline"),
  FLIGHT_SUPPLIER_TIMEOUT_MS: z.coerce.number().int().positive().default(8_000),
});

/**
 * Where links in emails point (ADR 0026): PUBLIC_ORIGIN, or the first platform host (https in production,
 * `wrangler dev`'s http://…:8787 otherwise). SECURITY: never the Host of a request; a host outside
 * PLATFORM_HOSTS is refused, so a link can only name a site we serve.
 */
function publicOriginOf(config: z.infer<typeof configFields>): string | null {
  const production = config.ENVIRONMENT === "production";
  const fallback = `${production ? "https" : "http"}://${config.PLATFORM_HOSTS[0] ?? "localhost"}${production ? "" : ":8787"}`;
  let url: URL;
  try {
    url = new URL(config.PUBLIC_ORIGIN ?? fallback);
  } catch {
    return null;
  }
  const bare = url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
  if (!bare || (url.protocol !== "https:" && url.protocol !== "http:")) return null;
  return config.PLATFORM_HOSTS.includes(url.hostname) ? url.origin : null;
}

const RAZORPAY_KEYS = ["RAZORPAY_KEY_ID", "RAZORPAY_KEY_SECRET", "RAZORPAY_WEBHOOK_SECRET"] as const;

const configSchema = configFields.transform((config, ctx) => {
  // Half a Razorpay set-up would take money it cannot verify or refund: all three keys, or none.
  const razorpay = RAZORPAY_KEYS.filter((k) => config[k]);
  if (razorpay.length > 0 && razorpay.length < RAZORPAY_KEYS.length) {
    ctx.addIssue({ code: "custom", path: ["RAZORPAY_KEY_ID"], message: `Set all of ${RAZORPAY_KEYS.join(", ")}, or none` });
    return z.NEVER;
  }
  const origin = publicOriginOf(config);
  if (origin) return { ...config, PUBLIC_ORIGIN: origin };
  ctx.addIssue({ code: "custom", path: ["PUBLIC_ORIGIN"], message: "PUBLIC_ORIGIN must be http(s)://<one of PLATFORM_HOSTS>[:port]" });
  return z.NEVER;
});

export type AppConfig = z.infer<typeof configSchema>;

const cache = new WeakMap<object, AppConfig>();

/** Parsed once per env object; a missing secret fails loudly instead of running with a default. */
export function readConfig(env: Env): AppConfig {
  let config = cache.get(env);
  if (!config) {
    config = configSchema.parse(env);
    cache.set(env, config);
  }
  return config;
}

export const isDevelopment = (config: AppConfig) => config.ENVIRONMENT !== "production";
