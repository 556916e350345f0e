import { useNavigate } from "@remix-run/react";
import { LoginForm } from "./login-form";

/** The main site's login (guest only, spec §2: the route's loader sends a signed-in visitor to /). */
export function MainLoginPage() {
  const navigate = useNavigate();
  return (
    <LoginForm
      title="Welcome Back"
      subtitle="Sign in to your Tripbazaar account"
      fallbackError="Login failed. Please try again."
      forgotHref="/forgot-password"
      signupHref="/signup"
      homeHref="/"
      homeLabel="Back to Tripbazaar"
      redirectDelayMs={0}
      onSignedIn={(target) => navigate(target, { replace: true })}
    />
  );
}
