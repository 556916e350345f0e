import { useNavigate } from "@remix-run/react";
import { SignupFlow } from "~/components/auth/signup-flow";
import { siteHref, useSellerSite } from "~/lib/seller-site";

/** Seller-site signup (spec §2, §4, §5); the code email names this seller. */
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
      onSignedIn={() => navigate(siteHref(site, "/dashboard"), { replace: true })}
    />
  );
}
