import { useNavigate } from "@remix-run/react";
import { useGuestOnly } from "~/lib/handover";
import { SignupFlow } from "./signup-flow";

/** The main site's signup with its code step (guest only, spec §2). */
export function MainSignupPage() {
  const navigate = useNavigate();
  useGuestOnly();
  return (
    <SignupFlow
      title="Join Our Community"
      subtitle="Create your Tripbazaar account"
      loginHref="/login"
      homeHref="/"
      onSignedIn={() => navigate("/user-dashboard", { replace: true })}
    />
  );
}
