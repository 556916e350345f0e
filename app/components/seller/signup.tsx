import { useNavigate } from "@remix-run/react";
import { SignupFlow } from "~/components/auth/signup-flow";
import { siteHref, useSellerSite } from "~/lib/seller-site";

/** Seller-site signup (spec §2, §4, §5); the code email names this seller, and the code signs in to the site's dashboard. */
export function SellerSignupPage() {
  const site = useSellerSite();
  const navigate = useNavigate();
  return (
    <SignupFlow
      title="Join Our Community"
      subtitle={`Create your ${site.websiteConfig.websiteName} account`}
      loginHref={siteHref(site, "/login")}
      homeHref={siteHref(site, "/")}
      policyOrigin={site.platformOrigin}
      onSignedIn={(to) => navigate(to, { replace: true })}
    />
  );
}
