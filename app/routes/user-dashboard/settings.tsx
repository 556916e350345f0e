import type { MetaFunction } from "@remix-run/cloudflare";
import { useNavigate } from "@remix-run/react";
import { ChangePasswordCard } from "~/components/auth/change-password-card";
import { ProfileCard } from "~/components/auth/profile-card";
import { UserDashboardPage } from "~/components/bookings/user-dashboard-nav";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { logout } from "~/lib/api";

export const meta: MetaFunction = () => [{ title: "Settings | Tripbazaar" }];

export default function Page() {
  const navigate = useNavigate();
  async function signOut() {
    if (!window.confirm("Are you sure you want to log out?")) return;
    await logout();
    navigate("/", { replace: true });
  }
  return (
    <UserDashboardPage title="Settings">
      <div className="stack" style={{ maxWidth: "72rem" }}>
        <ProfileCard />
        <ChangePasswordCard />
        <div>
          <button type="button" className="btn btn-outline" onClick={signOut}>
            Log out
          </button>
        </div>
      </div>
    </UserDashboardPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
