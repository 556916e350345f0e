import { SiteLink } from "~/components/seller/site-link";
import { ChangePasswordCard } from "~/components/auth/change-password-card";
import { ProfileCard } from "~/components/auth/profile-card";
import { siteHref, useSellerSite } from "~/lib/seller-site";
import { CheckingCustomer, CustomerPrompt, useSiteCustomer } from "./customer-gate";

/** Seller-site settings (spec §2): the login prompt, or Profile Information and Change Password. */
export function CustomerSettingsPage() {
  const site = useSellerSite();
  const viewer = useSiteCustomer();
  if (viewer.state === "checking") return <CheckingCustomer />;
  if (viewer.state === "prompt") return <CustomerPrompt title="Customer Settings" />;
  return (
    <main id="main" className="container page stack" style={{ maxWidth: "72rem" }}>
      <p>
        <SiteLink to={siteHref(site, "/dashboard")}>← Back to Dashboard</SiteLink>
      </p>
      <h1>Account Settings</h1>
      <ProfileCard />
      <ChangePasswordCard sellerId={site.seller.id} />
    </main>
  );
}
