import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { AccountSettings } from "~/components/auth/account-settings";
import { accountSettingsAction } from "~/components/auth/account-settings.server";
import { SiteAddressCard } from "~/components/seller-admin/site-address-card";
import { isSiteAddressPost, siteAddressAction } from "~/components/seller-admin/site-address.server";
import { readSellerAccount } from "@worker/domain/seller-admin/account";
import { readSiteAddress } from "@worker/domain/seller-admin/slug";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { PageContent } from "~/components/load-state";
import { signedInData, signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Settings · Seller dashboard | Tripbazaar" }];
export const headers = () => signedInHeaders;

/** The account and the site's address, read together with the session check: one D1 round trip. */
export const loader = ({ context }: LoaderFunctionArgs) =>
  signedInData(context, "seller", async (userId) => {
    const [profile, address] = await Promise.all([readSellerAccount(context, userId), readSiteAddress(context, userId)]);
    return { profile, address };
  });

export const action = async (args: ActionFunctionArgs) =>
  (await isSiteAddressPost(args.request)) ? siteAddressAction(args) : accountSettingsAction(args, "seller");

function SettingsPage({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="dash-main">
      <h1>Settings</h1>
      <p className="muted">
        Your sign-in details and your website's address. Your business profile, logo and colours are under{" "}
        <Link to="/seller-dashboard/website">Website</Link>.
      </p>
      {children}
    </main>
  );
}

/** The seller's own account; the public profile and brand live under Website. */
export default function Page() {
  const { profile, address } = useLoaderData<typeof loader>();
  return (
    <SettingsPage>
      <PageContent>
        <div className="stack" style={{ maxWidth: "72rem" }}>
          <SiteAddressCard address={address} />
          <AccountSettings profile={profile} business />
        </div>
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
