import { useFetcher } from "@remix-run/react";
import { useActionToast } from "~/lib/use-action-toast";
import { useHydrated } from "~/lib/use-hydrated";
import { TextField } from "./password-input";

export type Profile = { name: string; email: string; phone: string | null };

/** Spec §3: the name splits on its first space: first name, and the rest is the last name. */
export function splitName(name: string) {
  const at = name.indexOf(" ");
  return at < 0 ? { firstName: name, lastName: "" } : { firstName: name.slice(0, at), lastName: name.slice(at + 1) };
}

/**
 * Profile Information (spec §2, §5): first and last name, read-only email, phone; Update Profile.
 * The page's loader reads the profile; the form posts `{ intent: "profile", name, phone }` to the page's action.
 */
export function ProfileCard({ profile }: { profile: Profile }) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const saving = fetcher.state !== "idle";
  useActionToast(fetcher, "Failed to update profile");

  function save(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const field = (key: string) => String(form.get(key) ?? "").trim();
    const name = `${field("firstName")} ${field("lastName")}`.trim();
    fetcher.submit({ intent: "profile", name, phone: field("phone") }, { method: "post" });
  }

  const { firstName, lastName } = splitName(profile.name);
  return (
    <section className="card stack" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile Information</h2>
      <form className="stack" onSubmit={save}>
        <div className="row" style={{ alignItems: "start" }}>
          <div style={{ flex: "1 1 20rem" }}>
            <TextField label="First Name" name="firstName" autoComplete="given-name" defaultValue={firstName} />
          </div>
          <div style={{ flex: "1 1 20rem" }}>
            <TextField label="Last Name" name="lastName" autoComplete="family-name" defaultValue={lastName} />
          </div>
        </div>
        <TextField
          label="Email"
          name="email"
          type="email"
          value={profile.email}
          readOnly
          aria-readonly="true"
          style={{ background: "var(--surface-2)", cursor: "not-allowed" }}
        />
        <TextField label="Phone" name="phone" type="tel" autoComplete="tel" defaultValue={profile.phone ?? ""} />
        <div>
          <button type="submit" className="btn" disabled={!hydrated || saving}>
            {saving ? "Updating..." : "Update Profile"}
          </button>
        </div>
      </form>
    </section>
  );
}
