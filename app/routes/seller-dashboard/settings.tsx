import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { AccountSettings } from "~/components/auth/account-settings";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction = () => [{ title: "Settings | Tripbazaar" }];

/** The seller's own account; the public profile and brand live under Website. */
export default function Page() {
  return (
    <main id="main" className="dash-main">
      <h1>Settings</h1>
      <p className="muted">
        Your sign-in details. Your business profile, logo and colours are under <Link to="/seller-dashboard/website">Website</Link>.
      </p>
      <AccountSettings />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
