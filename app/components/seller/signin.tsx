import { useNavigate } from "@remix-run/react";
import { LoginForm } from "~/components/auth/login-form";
import { siteHref, useSellerSite } from "~/lib/seller-site";

/** Seller-site sign-in (spec §2, §4): 2000 ms after success it goes to the site's dashboard. */
export function SellerSigninPage() {
  const site = useSellerSite();
  const navigate = useNavigate();
  return (
    <LoginForm
      title="Welcome Back"
      subtitle={`Sign in to your ${site.websiteConfig.websiteName} account`}
      fallbackError="Login failed"
      forgotHref={siteHref(site, "/forgot-password")}
      signupHref={siteHref(site, "/signup")}
      homeHref={siteHref(site, "/")}
      homeLabel="Back to Website"
      redirectDelayMs={2000}
      onSignedIn={(target) => navigate(target, { replace: true })}
    />
  );
}
