import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AccountSettings } from "~/components/auth/account-settings";
import { accountSettingsAction, accountSettingsData } from "~/components/auth/account-settings.server";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { PageContent } from "~/components/load-state";
import { signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Settings · Seller dashboard | Tripbazaar" }];
export const headers = () => signedInHeaders;

export const loader = ({ context }: LoaderFunctionArgs) => accountSettingsData(context, "seller");
export const action = (args: ActionFunctionArgs) => accountSettingsAction(args, "seller");

function SettingsPage({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="dash-main">
      <h1>Settings</h1>
      <p className="muted">
        Your sign-in details. Your business profile, logo and colours are under <Link to="/seller-dashboard/website">Website</Link>.
      </p>
      {children}
    </main>
  );
}

/** The seller's own account; the public profile and brand live under Website. */
export default function Page() {
  const { profile } = useLoaderData<typeof loader>();
  return (
    <SettingsPage>
      <PageContent>
        <AccountSettings profile={profile} business />
      </PageContent>
    </SettingsPage>
  );
}

export function ErrorBoundary() {
  return (
    <LoadErrorBoundary>
      <SettingsPage>
        <LoadFailed fallback="Failed to fetch user profile details." serverMessage={false} />
      </SettingsPage>
    </LoadErrorBoundary>
  );
}
