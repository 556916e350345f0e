import { z } from "zod";

/** The contact form of spec §2/§3: name, email, subject and message required, phone optional. */
export const contactMessageBody = z.object({
  name: z.string().trim().min(1, "Full name is required").max(100, "Name is too long"),
  email: z.string().trim().toLowerCase().max(254, "Email is too long").email("Enter a valid email address"),
  phone: z
    .string()
    .trim()
    .max(20, "Phone number is too long")
    .regex(/^[+\d][\d\s()-]*$|^$/, "Enter a valid phone number")
    .optional()
    .transform((v) => v || null),
  subject: z.string().trim().min(1, "Subject is required").max(150, "Subject is too long"),
  message: z.string().trim().min(1, "Message is required").max(5000, "Message is too long (5000 characters at most)"),
});

export type ContactMessageInput = z.infer<typeof contactMessageBody>;

export const messageStatusBody = z.object({ status: z.enum(["new", "read"]) });

export const messageListQuery = z.object({
  status: z.enum(["new", "read"]).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
