import { z } from "zod";

/** A travel agent's application to sell on Tripbazaar. */
export const sellerRequestBody = z.object({
  businessName: z.string().trim().min(2, "Business name is required").max(80, "Business name is at most 80 characters"),
  phone: z
    .string()
    .trim()
    .min(7, "Phone number is required")
    .max(20, "Phone number is too long")
    .regex(/^[+\d][\d\s()-]*$/, "Enter a valid phone number"),
  city: z.string().trim().min(2, "City is required").max(80, "City is at most 80 characters"),
  about: z.string().trim().min(20, "Tell us a little about your business (at least 20 characters)").max(2000, "At most 2000 characters"),
});
export type SellerRequestInput = z.infer<typeof sellerRequestBody>;

export const requestListQuery = z.object({
  status: z.enum(["pending", "approved", "rejected"]).default("pending"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const rejectBody = z.object({
  note: z.string().trim().min(5, "Give the applicant a reason (at least 5 characters)").max(1000, "At most 1000 characters"),
});
