import { useActionData, useFetcher } from "@remix-run/react";
import { useActionToast } from "~/lib/use-action-toast";
import { FormAnswer } from "../form-answer";
import type { AccountActionData } from "./account-settings.server";
import { TextField } from "./password-input";

export type Profile = { name: string; email: string; phone: string | null };

/** Spec §3: the name splits on its first space: first name, and the rest is the last name. */
export function splitName(name: string) {
  const at = name.indexOf(" ");
  return at < 0 ? { firstName: name, lastName: "" } : { firstName: name.slice(0, at), lastName: name.slice(at + 1) };
}

const FAILED = "Failed to update profile";

/**
 * Profile Information (spec §2, §5): first and last name, read-only email, phone; Update Profile. A seller's
 * (`business`) has one Business name instead: a business has no first and last name (issue 24).
 * The page's loader reads the profile; the form posts `intent=profile` with the names and phone to the page's
 * action, with scripts or without them (then the page comes back with the answer in the card, and a refused
 * form with what was typed).
 */
export function ProfileCard({ profile, business = false }: { profile: Profile; business?: boolean }) {
  const fetcher = useFetcher<AccountActionData>();
  const saving = fetcher.state !== "idle";
  useActionToast(fetcher, FAILED);
  const posted = useActionData<AccountActionData>();
  const answered = posted?.intent === "profile" && !fetcher.data ? posted : undefined;

  const { firstName, lastName } = answered?.values ?? splitName(profile.name);
  const businessName = answered?.values?.name ?? profile.name;
  const phone = answered?.values?.phone ?? profile.phone ?? "";
  return (
    <section className="card stack" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile Information</h2>
      <fetcher.Form method="post" className="stack">
        <input type="hidden" name="intent" value="profile" />
        {business ? (
          <TextField label="Business name" name="name" autoComplete="organization" defaultValue={businessName} />
        ) : (
          <div className="row" style={{ alignItems: "start" }}>
            <div style={{ flex: "1 1 20rem" }}>
              <TextField label="First Name" name="firstName" autoComplete="given-name" defaultValue={firstName} />
            </div>
            <div style={{ flex: "1 1 20rem" }}>
              <TextField label="Last Name" name="lastName" autoComplete="family-name" defaultValue={lastName} />
            </div>
          </div>
        )}
        <TextField
          label="Email"
          name="email"
          type="email"
          value={profile.email}
          readOnly
          aria-readonly="true"
          style={{ background: "var(--surface-2)", cursor: "not-allowed" }}
        />
        <TextField label="Phone" name="phone" type="tel" autoComplete="tel" defaultValue={phone} />
        <FormAnswer answer={answered} failure={FAILED} />
        <div>
          <button type="submit" className="btn" disabled={saving}>
            {saving ? "Updating..." : "Update Profile"}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
