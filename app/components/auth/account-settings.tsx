import { useNavigate } from "@remix-run/react";
import { logout } from "~/lib/api";
import { ChangePasswordCard } from "./change-password-card";
import { type Profile, ProfileCard } from "./profile-card";

/**
 * Profile, password (with an emailed code) and log out: the same for customers and sellers on the main site.
 * The page's loader reads the profile (`accountSettingsData`) and its action is `accountSettingsAction`.
 */
export function AccountSettings({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  async function signOut() {
    if (!window.confirm("Are you sure you want to log out?")) return;
    await logout();
    navigate("/", { replace: true });
  }
  return (
    <div className="stack" style={{ maxWidth: "72rem" }}>
      <ProfileCard profile={profile} />
      <ChangePasswordCard />
      <div>
        <button type="button" className="btn btn-outline" onClick={signOut}>
          Log out
        </button>
      </div>
    </div>
  );
}
