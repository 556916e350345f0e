import { z } from "zod";
import { ROLES } from "@db/users";

/**
 * The shapes the API's answers share, as zod schemas: the OpenAPI document shows them (worker/api/openapi.ts)
 * and the compiler holds each handler's answer against them (worker/api/declared-responses.ts). They describe
 * answers, they never parse them, so they have no transforms and no defaults.
 */

/** Every error answer (errors.ts): what failed in words, and per field when the input did not validate. */
export const apiError = z.object({
  success: z.literal(false),
  message: z.string().describe("Meant for the user"),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const ok = z.literal(true);

/** `{ success: true, message }`: a write with nothing else to say. */
export const done = z.object({ success: ok, message: z.string() });

/** An amount in integer paise (₹1 = 100). */
export const paise = z.number().int().describe("In paise");

/** A day as `YYYY-MM-DD`. */
export const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** An instant as an ISO 8601 string in UTC. */
export const instant = z.string().datetime();

export const count = z.number().int().nonnegative();

/** The bookings' and ledger's pages. */
export const pagination = z.object({ page: count, limit: count, total: count, pages: count });

/** The inbox's, the applications' and the accounts' pages. */
export const pageSizePagination = z.object({ page: count, pageSize: count, total: count, pages: count });

export const sessionUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  isVerified: z.boolean(),
});

/** A signed-in answer: the session token (also set as the HttpOnly cookie) and its account. */
export const session = z.object({ token: z.string().describe("A JWT; send it as `Authorization: Bearer …`"), user: sessionUser });
