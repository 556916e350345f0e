import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AccountSettings } from "~/components/auth/account-settings";
import { accountSettingsAction, accountSettingsData } from "~/components/auth/account-settings.server";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { UserDashboardPage } from "~/components/dashboard/user-dashboard-nav";
import { signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Settings · My account | Tripbazaar" }];
export const headers = () => signedInHeaders;

export const loader = ({ context }: LoaderFunctionArgs) => accountSettingsData(context);
export const action = (args: ActionFunctionArgs) => accountSettingsAction(args);

export default function Page() {
  const { profile } = useLoaderData<typeof loader>();
  return (
    <UserDashboardPage title="Settings">
      <AccountSettings profile={profile} />
    </UserDashboardPage>
  );
}

export function ErrorBoundary() {
  return (
    <LoadErrorBoundary>
      <UserDashboardPage title="Settings">
        <LoadFailed fallback="Failed to fetch user profile details." serverMessage={false} />
      </UserDashboardPage>
    </LoadErrorBoundary>
  );
}
