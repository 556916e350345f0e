import { ChangePasswordCard } from "./change-password-card";
import { LogoutForm } from "./logout-form";
import { type Profile, ProfileCard } from "./profile-card";

/**
 * Profile, password (with an emailed code) and log out: the same for customers and sellers on the main site.
 * The page's loader reads the profile (`accountSettingsData`) and its action is `accountSettingsAction`;
 * logout posts to /logout.
 */
export function AccountSettings({ profile }: { profile: Profile }) {
  return (
    <div className="stack" style={{ maxWidth: "72rem" }}>
      <ProfileCard profile={profile} />
      <ChangePasswordCard />
      <div>
        <LogoutForm action="/logout" label="Log out" />
      </div>
    </div>
  );
}
