import { type ActionFunctionArgs, type AppLoadContext, data } from "@remix-run/cloudflare";
import type { Role } from "@db/users";
import { clientIp } from "@worker/client-ip";
import { changePassword, readProfile, requestPasswordCode, updateProfile } from "@worker/domain/auth/accounts";
import { changePasswordSchema, profileSchema, requestPasswordOtpSchema } from "@worker/domain/auth/schemas";
import { readSellerAccount, saveSellerAccount } from "@worker/domain/seller-admin/account";
import { badRequest } from "@worker/domain/errors";
import type { ActionResult } from "~/lib/action-result";
import { actionInput, refusal, requireUser, signedInData, signedInHeaders } from "~/lib/session.server";

/**
 * Account settings (Profile Information, Change Password) of every signed-in account: the user
 * dashboard, the seller dashboard and a seller site's settings. The same services and schemas as
 * `/api/auth/profile`, `/api/auth/request-password-otp` and `/api/auth/password`.
 */

/**
 * The profile, read in one batch with the session check. A seller's is their business: one business name (never a
 * first and last name), the sign-in email and the account's phone.
 */
export function accountSettingsData(context: AppLoadContext, role?: Role) {
  const read = role === "seller" ? readSellerAccount : readProfile;
  return signedInData(context, role, async (userId) => ({ profile: await read(context, userId) }));
}

/**
 * An answer of the settings action: the toast (or, after a post without scripts, the text in the card), the form
 * that was sent (`intent`), the saved name, and after a refused profile what was typed, to fill the form again.
 */
export type AccountActionData = ActionResult & { intent?: string; name?: string; values?: Record<string, string> };

const text = (input: Record<string, unknown>, key: string) => (typeof input[key] === "string" ? (input[key] as string).trim() : "");

/**
 * The profile form's fields: first and last name (spec §3: the name is both, split on its first space) and phone.
 * Clients of the action that send `name` whole (the API's shape) keep doing so.
 */
function profileOf(input: Record<string, unknown>) {
  const whole = "name" in input;
  const values: Record<string, string> = whole
    ? { name: text(input, "name"), phone: text(input, "phone") }
    : { firstName: text(input, "firstName"), lastName: text(input, "lastName"), phone: text(input, "phone") };
  const name = whole ? values.name : `${values.firstName} ${values.lastName}`.trim();
  return { values, profile: { name, phone: values.phone } };
}

/**
 * The settings forms' writes, told apart by `intent`: "profile" saves name and phone; "request-code"
 * checks the current password and emails a code; "change-password" changes it with the code and keeps
 * this device signed in (a fresh session cookie; no script sees the token). The answer is data either way:
 * a running page shows its toast, and a post without scripts gets the page again with it (ADR 0032).
 */
export async function accountSettingsAction({ request, context }: ActionFunctionArgs, role?: Role) {
  const user = await requireUser(context, role);
  const from = { ip: clientIp(request), url: new URL(request.url), tenant: context.tenant, now: context.now };
  const input = await actionInput(request).catch(() => ({}) as Record<string, unknown>);
  const intent = text(input, "intent");
  const answer = (message: string, extra: Partial<AccountActionData> = {}, headers: HeadersInit = signedInHeaders) =>
    data<AccountActionData>({ ok: true, message, intent, ...extra }, { headers });
  const { values, profile } = profileOf(input);
  try {
    switch (intent) {
      case "profile": {
        // A seller's name is the business's: the account and the public profile change together.
        const saved =
          role === "seller"
            ? await saveSellerAccount(context.db, context.config, user.id, profileSchema.parse(profile))
            : await updateProfile(context.db, user.id, profileSchema.parse(profile));
        return answer("Profile updated successfully!", { name: saved.name });
      }
      case "request-code": {
        const { current } = requestPasswordOtpSchema.parse(input);
        await requestPasswordCode(context.db, context.config, user, current, from);
        return answer("OTP sent to your email. Please check your inbox.");
      }
      case "change-password": {
        const session = await changePassword(context.db, context.config, user, changePasswordSchema.parse(input), from);
        return answer("Password updated successfully!", {}, { ...signedInHeaders, "Set-Cookie": session.cookie });
      }
      default:
        throw badRequest("Unknown action");
    }
  } catch (error) {
    return refusal<Partial<AccountActionData>>(error, intent === "profile" ? { intent, values } : { intent });
  }
}
