import { z } from "zod";
import { searchTerm } from "../../db/text-search";

export const MODERATION_PAGE_SIZE = 20;
export const EDITS_PAGE_SIZE = 10;

const page = z.coerce.number().int().min(1).max(10_000).default(1);

/** The operator's list of every seller's packages: search (package, city or seller), review state, page. */
export const moderationListQuery = z.object({
  q: searchTerm.optional(),
  state: z.enum(["pending", "approved", "rejected", "edited"], { message: "State is pending, approved, rejected or edited" }).optional(),
  page,
});
export type ModerationListQuery = z.infer<typeof moderationListQuery>;

export const editListQuery = z.object({
  status: z.enum(["pending", "approved", "rejected"], { message: "Status is pending, approved or rejected" }).default("pending"),
  page,
});
export type EditListQuery = z.infer<typeof editListQuery>;

/** Approve, or reject with a reason the seller reads (required, 3–500 characters). */
export const decisionBody = z
  .object({
    decision: z.enum(["approve", "reject"], { message: "Decision is approve or reject" }),
    reason: z
      .string()
      .trim()
      .max(500, "The reason is at most 500 characters")
      .optional()
      .transform((r) => r || undefined),
  })
  .superRefine((d, ctx) => {
    if (d.decision === "reject" && (!d.reason || d.reason.length < 3))
      ctx.addIssue({ code: "custom", path: ["reason"], message: "Say why it is rejected (at least 3 characters): the seller reads it" });
  });
export type DecisionInput = z.infer<typeof decisionBody>;
