import { ChangePasswordCard } from "~/components/auth/change-password-card";
import { type Profile, ProfileCard } from "~/components/auth/profile-card";
import { PageContent } from "~/components/load-state";
import { SiteLink } from "~/components/seller/site-link";
import { siteHref, useSellerSite } from "~/lib/seller-site";

/** Seller-site settings (spec §2) of a signed-in customer: Profile Information and Change Password. */
export function CustomerSettingsPage({ profile }: { profile: Profile }) {
  const site = useSellerSite();
  return (
    <main id="main" className="container page stack" style={{ maxWidth: "72rem" }}>
      <p>
        <SiteLink to={siteHref(site, "/dashboard")}>← Back to Dashboard</SiteLink>
      </p>
      <h1>Account Settings</h1>
      <PageContent>
        <ProfileCard profile={profile} />
        <ChangePasswordCard />
      </PageContent>
    </main>
  );
}
