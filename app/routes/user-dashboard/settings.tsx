import type { MetaFunction } from "@remix-run/cloudflare";
import { AccountSettings } from "~/components/auth/account-settings";
import { UserDashboardPage } from "~/components/bookings/user-dashboard-nav";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Settings | Tripbazaar" }];

export default function Page() {
  return (
    <UserDashboardPage title="Settings">
      <AccountSettings />
    </UserDashboardPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
