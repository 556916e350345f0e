import { useNavigate } from "@remix-run/react";
import { logout } from "~/lib/api";
import { ChangePasswordCard } from "./change-password-card";
import { ProfileCard } from "./profile-card";

/** Profile, password (with an emailed code) and log out: the same for customers and sellers on the main site. */
export function AccountSettings() {
  const navigate = useNavigate();
  async function signOut() {
    if (!window.confirm("Are you sure you want to log out?")) return;
    await logout();
    navigate("/", { replace: true });
  }
  return (
    <div className="stack" style={{ maxWidth: "72rem" }}>
      <ProfileCard />
      <ChangePasswordCard />
      <div>
        <button type="button" className="btn btn-outline" onClick={signOut}>
          Log out
        </button>
      </div>
    </div>
  );
}
