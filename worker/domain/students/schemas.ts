import { z } from "zod";
import { isCalendarDate } from "../../shared/calendar-date";

/** The fields sent with a student ID (the file itself is checked by its bytes, document.ts). */
export const studentSubmissionBody = z.object({
  institution: z
    .string({ required_error: "Enter your school, college or university" })
    .trim()
    .min(2, "Enter your school, college or university")
    .max(120, "The institution's name is at most 120 characters"),
  courseEndDate: z
    .string({ required_error: "Enter the date your course ends" })
    .trim()
    .refine(isCalendarDate, "The course end date must be a date (YYYY-MM-DD)"),
});
export type StudentSubmission = z.infer<typeof studentSubmissionBody>;

export const REASON_REQUIRED = "Give the traveller a reason (at least 5 characters)";

/** A rejection's reason, which the traveller reads in their email and dashboard. */
export const studentRejectBody = z.object({
  reason: z.string({ required_error: REASON_REQUIRED }).trim().min(5, REASON_REQUIRED).max(500, "The reason is at most 500 characters"),
});

export const verificationIdParam = z.object({ id: z.string().min(1).max(64) });
