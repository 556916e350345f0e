import { z } from "zod";
import { instant, pageSizePagination } from "./common";
import { moderationState } from "./sellers";

/** The operator's answers about package moderation (ADR 0048). */

const field = z.enum(["name", "city", "description", "images", "inclusions", "exclusions", "itinerary"]);
const segments = z.array(z.object({ kind: z.enum(["same", "removed", "added"]), text: z.string() }));

export const moderatedPackage = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  image: z.string().nullable(),
  status: z.enum(["draft", "published"]).describe("The seller's choice; public only when also approved"),
  moderation: moderationState,
  moderationReason: z.string().nullable(),
  createdAt: instant,
  sellerId: z.string(),
  sellerName: z.string(),
  pendingEditId: z.string().nullable().describe("A change to its text or photos waiting for review"),
});

const fieldDiff = z.discriminatedUnion("kind", [
  z.object({ field, label: z.string(), kind: z.literal("text"), segments }),
  z.object({
    field,
    label: z.string(),
    kind: z.literal("list"),
    removed: z.array(z.string()),
    added: z.array(z.string()),
    kept: z.number().int(),
  }),
  z.object({ field, label: z.string(), kind: z.literal("images"), before: z.array(z.string()), after: z.array(z.string()) }),
  z.object({ field, label: z.string(), kind: z.literal("days"), days: z.array(z.object({ day: z.number().int(), segments })) }),
]);

export const packageEdit = z.object({
  id: z.string(),
  packageId: z.string(),
  packageName: z.string().describe("As it is live"),
  sellerId: z.string(),
  sellerName: z.string(),
  status: z.enum(["pending", "approved", "rejected"]),
  fields: z.array(field),
  diff: z.array(fieldDiff).describe("Field by field: word runs for text, items added and removed for lists, photos before and after"),
  reason: z.string().nullable(),
  submittedAt: instant,
  decidedAt: instant.nullable(),
});

export const moderatedPackageList = z.object({
  success: z.literal(true),
  packages: z.array(moderatedPackage),
  pagination: pageSizePagination,
});
export const packageEditList = z.object({ success: z.literal(true), edits: z.array(packageEdit), pagination: pageSizePagination });
