import { type SQL, and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { users } from "@db/schema";
import { badRequest, notFound } from "../errors";
import { hashPassword, verifyPassword } from "../../auth/password";
import type { Reader } from "../../db/batcher";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import type { Tenant } from "../../tenant";
import { sendEmail, trySendEmail } from "../email/send";
import { passwordChangedEmail, passwordCodeEmail, resolveBrand } from "./brand";
import { DEAD_CODE, checkCode, codeUnused, codeUse, issueCode } from "./otp";
import { LIMITS, enforce } from "./rate-limit";
import { clientBucket } from "../../shared/client-address";
import type { changePasswordSchema, profileSchema } from "./schemas";
import { issueSession } from "./session-user";

export type UserRow = typeof users.$inferSelect;

export function findUserByEmail(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .get();
}

export function findUserById(db: Db, id: string) {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/** The account as a buyer: who checkout and a booking request name (the phone prefills the provider's form). */
export async function findCustomer(db: Db, id: string) {
  const customer = await db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(eq(users.id, id))
    .get();
  if (!customer) throw notFound("User not found");
  return customer;
}

/** New password and a new token version, as a statement for a batch; `onlyIf` adds a condition. */
export function passwordUpdate(
  db: Db,
  userId: string,
  passwordHash: string,
  extra: Partial<Pick<UserRow, "isVerified">> = {},
  onlyIf?: SQL,
) {
  return db
    .update(users)
    .set({ passwordHash, ...extra, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date().toISOString() })
    .where(and(eq(users.id, userId), onlyIf))
    .returning();
}

/** New password and a new token version: every session issued before is refused from now on. */
export function setPassword(db: Db, userId: string, passwordHash: string, extra: Partial<Pick<UserRow, "isVerified">> = {}) {
  return passwordUpdate(db, userId, passwordHash, extra).get();
}

/**
 * The change a checked password code allows, in one batch (ADR 0020): the password changes exactly
 * when the code is used up, so a failure leaves both as they were and a repeat cannot change it twice.
 * Null when the code was used meanwhile.
 */
export async function changePasswordWithCode(db: Db, userId: string, codeId: string, passwordHash: string, now: Date) {
  const [changed] = await db.batch([
    passwordUpdate(db, userId, passwordHash, {}, codeUnused(codeId)),
    ...codeUse(db, userId, codeId, now.getTime()),
  ]);
  return changed[0] ?? null;
}

/** The profile the settings pages show (spec §2, §5): name, email and phone. */
export async function readProfile({ db, load }: Reader, userId: string) {
  const [row] = await load(db.select({ name: users.name, email: users.email, phone: users.phone }).from(users).where(eq(users.id, userId)));
  if (!row) throw notFound("User not found");
  return row;
}

/** Saves the name and phone of the account (spec §5); answers the values saved. */
export async function updateProfile(db: Db, userId: string, input: z.output<typeof profileSchema>) {
  const row = await db
    .update(users)
    .set({ name: input.name, phone: input.phone, updatedAt: new Date().toISOString() })
    .where(eq(users.id, userId))
    .returning({ name: users.name, phone: users.phone })
    .get();
  return { name: row?.name ?? input.name, phone: row?.phone ?? input.phone };
}

/**
 * Where a request came from, as plain values: the client's address (rate limits), the address the request was
 * made at (the scope of a new session's cookie), the site whose brand and links its emails carry, and its time.
 */
export type RequestOrigin = { ip: string; url: URL; tenant: Tenant; now: Date };

/**
 * Step one of a password change (spec §4, §5): the current password earns a code by email.
 * A wrong current password is a 400, never a 401: it must not sign the visitor out.
 */
export async function requestPasswordCode(
  db: Db,
  config: AppConfig,
  account: Pick<UserRow, "id" | "email">,
  current: string,
  from: RequestOrigin,
) {
  await enforce(db, [[LIMITS.sendCodeIp, clientBucket(from.ip)]], [[LIMITS.sendCodeAccount, account.id]]);
  // The hash is read here, where it is checked, and nowhere else a session is.
  const stored = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, account.id)).get();
  if (!stored) throw notFound("User not found");
  if (!(await verifyPassword(current, stored.passwordHash, config.PASSWORD_PEPPER))) throw badRequest("Current password is incorrect");
  const code = await issueCode(db, config.PASSWORD_PEPPER, account.id, "change-password", { now: from.now.getTime() });
  await sendEmail(db, config, passwordCodeEmail(await resolveBrand(db, config, from.tenant), account.email, code));
}

/**
 * Step two: the emailed code changes the password. Every other session ends with the token version
 * bump; the answer is a fresh session (token and cookie) for the device that made the change.
 */
export async function changePassword(
  db: Db,
  config: AppConfig,
  account: Pick<UserRow, "id" | "email">,
  input: Pick<z.output<typeof changePasswordSchema>, "new" | "otp">,
  from: RequestOrigin,
) {
  await enforce(db, [[LIMITS.verifyIp, clientBucket(from.ip)]], [[LIMITS.verifyAccount, account.id]]);
  const codeId = await checkCode(db, config.PASSWORD_PEPPER, account.id, "change-password", input.otp, from.now.getTime());
  // Read before the change: once it is written, nothing may fail the answer (ADR 0020).
  const brand = await resolveBrand(db, config, from.tenant);
  const updated = await changePasswordWithCode(db, account.id, codeId, await hashPassword(input.new, config.PASSWORD_PEPPER), from.now);
  if (!updated) throw badRequest(DEAD_CODE);
  await trySendEmail(db, config, passwordChangedEmail(brand, account.email));
  return issueSession(config, updated, from.url);
}
