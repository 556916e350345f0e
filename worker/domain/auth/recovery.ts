import { verifyHandover } from "../../auth/jwt";
import { hashPassword } from "../../auth/password";
import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { sendEmail } from "../email/send";
import { DomainError, badRequest, unauthorized } from "../errors";
import { type UserRow, findUserByEmail, findUserById, setPassword } from "./accounts";
import { accountBrand, passwordChangedEmail, resetLinkEmail } from "./brand";
import { generateLinkSecret } from "./codes";
import { HANDOVER_ROLES, spendHandover } from "./handover";
import { consumeLinkSecret, issueCode } from "./otp";
import { LIMITS, enforce, hit } from "./rate-limit";
import { clientBucket } from "../../shared/client-address";
import type { Caller } from "./sign-in";

/**
 * Forgot password, reset by the emailed link, and the sign-in hand-over (spec §4, ADR 0021): for the API
 * (`/api/auth/forgot-password`, `/reset-password`, `/handover`) and the pages' actions alike.
 */

export const RESET_LINK_TTL_MS = 30 * 60 * 1000;
export const FORGOT_ANSWER = "If an account exists for this email, we have sent a link to reset the password.";
export const PASSWORD_RESET = "Password updated successfully! Please log in with your new password.";
const BAD_HANDOVER = "The sign-in link is invalid or has expired";
const BAD_LINK = "This reset link is invalid or has expired. Please request a new one.";

/**
 * Asks for a reset link. SECURITY: the answer is the same, after the same work, whether or not the account
 * exists: the link is issued and sent by the returned promise, which the caller lets run after its answer
 * (`waitUntil`), so its D1 writes cannot time whether it went out (ADR 0021). Null when nothing is sent.
 */
export async function requestResetLink(db: Db, config: AppConfig, email: string, from: Caller): Promise<Promise<void> | null> {
  await enforce(db, [[LIMITS.sendCodeIp, clientBucket(from.ip)]]);
  const user = await findUserByEmail(db, email);
  if (!user || user.status !== "active") return null;
  return (async () => {
    if (!(await hit(db, LIMITS.sendCodeAccount, user.id))) return;
    const secret = generateLinkSecret();
    await issueCode(db, config.PASSWORD_PEPPER, user.id, "reset-password", {
      code: secret,
      ttlMs: RESET_LINK_TTL_MS,
      now: from.now.getTime(),
    });
    const brand = await accountBrand(db, config, from.tenant, user.role);
    await sendEmail(db, config, resetLinkEmail(brand, user.email, `${user.id}.${secret}`));
  })().catch((error) => {
    if (!(error instanceof DomainError && error.kind === "rate-limited")) console.error("reset link not sent", error);
  });
}

/** Sets a new password with the link's token (`{userId}.{secret}`); every session of the account ends. */
export async function resetPassword(db: Db, config: AppConfig, { token, password }: { token: string; password: string }, from: Caller) {
  await enforce(db, [[LIMITS.verifyIp, clientBucket(from.ip)]]);
  const dot = token.lastIndexOf(".");
  const userId = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (dot < 1 || !(await consumeLinkSecret(db, config.PASSWORD_PEPPER, userId, secret, from.now.getTime()))) throw badRequest(BAD_LINK);
  // Following the emailed link proves the address, so the account counts as verified.
  const user = await setPassword(db, userId, await hashPassword(password, config.PASSWORD_PEPPER), { isVerified: true });
  if (!user) throw badRequest(BAD_LINK);
  await sendEmail(db, config, passwordChangedEmail(await accountBrand(db, config, from.tenant, user.role), user.email));
}

/** Decodes the hand-over `user` parameter: base64 JSON (spec §4); plain JSON is tolerated. */
function decodeUserParam(raw: string): Record<string, unknown> | null {
  for (const text of [
    raw,
    (() => {
      try {
        return atob(raw);
      } catch {
        return "";
      }
    })(),
  ]) {
    try {
      const value = JSON.parse(text);
      if (value && typeof value === "object") return value as Record<string, unknown>;
    } catch {}
  }
  return null;
}

/** A hand-over's outcome: sign in as `user`, or first ask the person, because `signedIn` is another account. */
export type HandoverOutcome =
  | { kind: "signed-in"; user: UserRow }
  | { kind: "confirm"; user: Pick<UserRow, "id" | "name" | "email">; signedIn: SignedInAs };

/** The account a request is signed in as already, if any (its live session). */
export type SignedInAs = { id: string; name: string; email: string };

/**
 * A sign-in hand-over: a customer's single-use token from the sister platform (ADR 0021, 0036). SECURITY: only the
 * sister platform's key and issuer are accepted, never a session of ours (a link carrying someone's session would
 * sign its reader into that account), and a different account signed in here is never replaced without asking:
 * unless `confirm`, the outcome is "confirm" and the token is not spent, so the person can still say yes.
 */
export async function acceptHandover(
  db: Db,
  config: AppConfig,
  { token, user: userParam, confirm }: { token: string; user: string; confirm?: boolean },
  from: Pick<Caller, "ip">,
  signedIn: SignedInAs | null,
): Promise<HandoverOutcome> {
  await enforce(db, [[LIMITS.verifyIp, clientBucket(from.ip)]]);
  const claimed = decodeUserParam(userParam);
  if (!claimed) throw badRequest("The sign-in data could not be read");
  // SECURITY: the token is verified first; the user JSON is only a cross-check against its subject, never a
  // source of identity.
  const sister = config.HANDOVER_JWT_SECRET
    ? await verifyHandover({ secret: config.HANDOVER_JWT_SECRET, issuer: config.HANDOVER_JWT_ISSUER, audience: config.JWT_AUDIENCE }, token)
    : null;
  if (!sister) throw unauthorized(BAD_HANDOVER);
  const claimedId = claimed.id ?? claimed._id;
  if (claimedId !== sister.sub) throw unauthorized("The sign-in data does not match its token");
  const user = (await findUserById(db, sister.sub)) ?? (sister.email ? await findUserByEmail(db, sister.email) : undefined);
  // SECURITY: the sister platform's key signs in customers only (ADR 0021).
  if (user?.status !== "active" || !HANDOVER_ROLES.includes(user.role)) throw unauthorized(BAD_HANDOVER);
  if (signedIn && signedIn.id !== user.id && !confirm) {
    return { kind: "confirm", user: { id: user.id, name: user.name, email: user.email }, signedIn };
  }
  // Each token once: of any number of concurrent uses exactly one gets here.
  if (!(await spendHandover(db, sister, user.id))) throw unauthorized(BAD_HANDOVER);
  return { kind: "signed-in", user };
}
