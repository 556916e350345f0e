import { useNavigate } from "@remix-run/react";
import { afterLoginOf } from "~/lib/dashboards";
import { useGuestOnly } from "~/lib/handover";
import { LoginForm } from "./login-form";

/** The main site's login (guest only, spec §2). */
export function MainLoginPage() {
  const navigate = useNavigate();
  useGuestOnly();
  return (
    <LoginForm
      title="Welcome Back"
      subtitle="Sign in to your Tripbazaar account"
      fallbackError="Login failed. Please try again."
      forgotHref="/forgot-password"
      signupHref="/signup"
      homeHref="/"
      homeLabel="Back to Tripbazaar"
      defaultTarget={(user) => afterLoginOf(user.role)}
      redirectDelayMs={0}
      onSignedIn={(target) => navigate(target, { replace: true })}
    />
  );
}
