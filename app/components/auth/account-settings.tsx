import { ChangePasswordCard } from "./change-password-card";
import { LogoutForm } from "./logout-form";
import { type Profile, ProfileCard } from "./profile-card";

/**
 * Profile, password (with an emailed code) and log out: the same for customers and sellers on the main site.
 * The page's loader reads the profile (`accountSettingsData`) and its action is `accountSettingsAction`;
 * logout and "Log out everywhere" (every device's session ends, ADR 0036) post to /logout.
 */
export function AccountSettings({ profile, business = false }: { profile: Profile; business?: boolean }) {
  return (
    <div className="stack" style={{ maxWidth: "72rem" }}>
      <ProfileCard profile={profile} business={business} />
      <ChangePasswordCard />
      <div style={{ display: "flex", flexWrap: "wrap", gap: "0.75rem" }}>
        <LogoutForm action="/logout" label="Log out" />
        <LogoutForm action="/logout" label="Log out everywhere" everywhere />
      </div>
    </div>
  );
}
