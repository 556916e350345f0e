/**
 * The simple checks a review passes before it is published at once (issue 28, ADR 0052). A review that trips one
 * waits for the superadmin: links and contact details (reviews are not a way to take customers off the platform),
 * and a short list of abusive words. A low rating is never a reason to hold or remove a review.
 */
export const REVIEW_CHECKS = {
  link: "a link",
  email: "an email address",
  phone: "a phone number",
  words: "words from the banned list",
} as const;
export type ReviewCheck = keyof typeof REVIEW_CHECKS;

const LINK = /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]{2,}\.(?:com|in|net|org|co|io|me|info|biz|app|xyz|link|ly)\b(?:\/\S*)?/i;
const EMAIL = /[a-z0-9._%+-]+\s*(?:@|\(at\)|\[at\])\s*[a-z0-9-]+(?:\s*(?:\.|\(dot\)|\[dot\])\s*[a-z]{2,})+/i;
/** Ten or more digits, however spaced or dashed (an Indian mobile number with or without +91). */
const PHONE = /(?:\+?\d[\s().-]*){10,}/;
/** A short list of slurs and abuse; whole words only, so "Scunthorpe" and "assistant" pass. */
const BANNED = ["fuck", "fucking", "shit", "bastard", "bitch", "asshole", "chutiya", "madarchod", "bhenchod", "harami", "randi"];
const BANNED_WORD = new RegExp(`\\b(?:${BANNED.join("|")})\\b`, "i");

/** Which checks the text trips, in a fixed order; none means it is published at once. */
export function reviewChecks(text: string): ReviewCheck[] {
  const tripped: ReviewCheck[] = [];
  if (LINK.test(text)) tripped.push("link");
  if (EMAIL.test(text)) tripped.push("email");
  if (PHONE.test(text)) tripped.push("phone");
  if (BANNED_WORD.test(text)) tripped.push("words");
  return tripped;
}

/** The reasons the superadmin may remove a review for (never for being negative), as stored and as shown. */
export const REMOVAL_REASONS = {
  "not-about-the-trip": "Not about this trip",
  "personal-information": "Shares personal information (full names, contact details)",
  "abusive-or-discriminatory": "Abusive, threatening or discriminatory",
  "advertising-or-spam": "Advertising or spam",
  "conflict-of-interest": "Written by someone with a conflict of interest (proven fake)",
  duplicate: "Duplicate of another review",
} as const;
export type RemovalReason = keyof typeof REMOVAL_REASONS;
export const REMOVAL_REASON_KEYS = Object.keys(REMOVAL_REASONS) as [RemovalReason, ...RemovalReason[]];

/** Why a seller may report a review to the superadmin. */
export const REPORT_REASONS = {
  "not-a-customer": "The author did not travel with us",
  "false-facts": "States facts that are untrue",
  "personal-information": "Shares personal information",
  abusive: "Abusive or discriminatory",
  other: "Something else",
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_REASON_KEYS = Object.keys(REPORT_REASONS) as [ReportReason, ...ReportReason[]];
