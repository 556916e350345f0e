import { useNavigate } from "@remix-run/react";
import { SignupFlow } from "./signup-flow";

/** The main site's signup with its code step (guest only, spec §2: the route's loader sends a signed-in visitor to /). */
export function MainSignupPage() {
  const navigate = useNavigate();
  return (
    <SignupFlow
      title="Join Our Community"
      subtitle="Create your Tripbazaar account"
      loginHref="/login"
      homeHref="/"
      onSignedIn={(to) => navigate(to, { replace: true })}
    />
  );
}
