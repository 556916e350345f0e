import { type ActionFunctionArgs, type AppLoadContext, data } from "@remix-run/cloudflare";
import type { Role } from "@db/users";
import { ApiError } from "@worker/api/errors";
import { clientIp } from "@worker/client-ip";
import { changePassword, readProfile, requestPasswordCode, updateProfile } from "@worker/domain/auth/accounts";
import { changePasswordSchema, profileSchema, requestPasswordOtpSchema } from "@worker/domain/auth/schemas";
import type { ActionResult } from "~/lib/action-result";
import { actionInput, signedInAction, signedInData, signedInHeaders } from "~/lib/session.server";

/**
 * Account settings (Profile Information, Change Password) of every signed-in account: the user
 * dashboard, the seller dashboard and a seller site's settings. The same services and schemas as
 * `/api/auth/profile`, `/api/auth/request-password-otp` and `/api/auth/password`.
 */

/** The profile, read in one batch with the session check. */
export function accountSettingsData(context: AppLoadContext, role?: Role) {
  return signedInData(context, role, async (userId) => ({ profile: await readProfile(context, userId) }));
}

/** An answer of the settings action: the toast, plus the saved name. */
export type AccountActionData = ActionResult & { name?: string };

/**
 * The settings forms' writes, told apart by `intent`: "profile" saves name and phone; "request-code"
 * checks the current password and emails a code; "change-password" changes it with the code and keeps
 * this device signed in (a fresh session cookie; no script sees the token).
 */
export async function accountSettingsAction({ request, context }: ActionFunctionArgs, role?: Role) {
  const after: { extra?: { name: string }; cookie?: string } = {};
  const from = { ip: clientIp(request), url: new URL(request.url), tenant: context.tenant, now: context.now };
  const result = await signedInAction(context, role, async (user) => {
    const input = await actionInput(request);
    switch (input.intent) {
      case "profile": {
        const saved = await updateProfile(context.db, user.id, profileSchema.parse(input));
        after.extra = { name: saved.name };
        return "Profile updated successfully!";
      }
      case "request-code": {
        const { current } = requestPasswordOtpSchema.parse(input);
        await requestPasswordCode(context.db, context.config, user, current, from);
        return "OTP sent to your email. Please check your inbox.";
      }
      case "change-password": {
        const session = await changePassword(context.db, context.config, user, changePasswordSchema.parse(input), from);
        after.cookie = session.cookie;
        return "Password updated successfully!";
      }
      default:
        throw new ApiError(400, "Unknown action");
    }
  });
  if ((!after.extra && !after.cookie) || !("ok" in result)) return result;
  const headers = after.cookie ? { ...signedInHeaders, "Set-Cookie": after.cookie } : signedInHeaders;
  return data<AccountActionData>({ ...result, ...after.extra }, { headers });
}
