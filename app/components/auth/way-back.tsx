import { useSearchParams } from "@remix-run/react";

/**
 * The way back a sign-in carries (issue 24): the page that sent the visitor here (`?redirect=`), kept on the links
 * between login, signup and forgot password, and said in words, so a guest who tapped Book Now knows why they are
 * asked to sign in and that they will come back to the trip. The action checks the address (safeRedirect).
 */
export function useWayBack() {
  const [params] = useSearchParams();
  const redirect = params.get("redirect");
  const local = redirect?.startsWith("/") && !redirect.startsWith("//") ? redirect : null;
  const withWayBack = (href: string) => (local ? `${href}${href.includes("?") ? "&" : "?"}redirect=${encodeURIComponent(local)}` : href);
  return { redirect: local, withWayBack };
}

/** Why this page asks for an account, when another page sent the visitor here. */
export function WayBackNotice({ action }: { action: "sign in" | "create an account" }) {
  const { redirect } = useWayBack();
  if (!redirect) return null;
  const booking = /[?&]book=1\b/.test(redirect);
  const verb = action === "sign in" ? "Sign in" : "Create an account";
  return (
    <p className="notice" role="note">
      {booking
        ? `${verb} to book this trip. You will come straight back to its booking form.`
        : `${verb} to continue. You will come straight back to the page you were on.`}
    </p>
  );
}
