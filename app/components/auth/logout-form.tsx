import { Form, useNavigation } from "@remix-run/react";

/**
 * Log out (spec §2, §4): a form post to `action` (the main site's /logout, a seller site's dashboard), which ends
 * the session on the server, clears the session cookie and sends the browser on. With scripts it asks first, as
 * the spec's dashboard does. `everywhere` ends every session of the account (/logout only; ADR 0036).
 */
export function LogoutForm({
  action,
  label,
  className = "btn btn-outline",
  ask = true,
  everywhere = false,
}: {
  action?: string;
  label: string;
  className?: string;
  ask?: boolean;
  everywhere?: boolean;
}) {
  const intent = everywhere ? "logout-everywhere" : "logout";
  const question = everywhere ? "Log out on every device, this one included?" : "Are you sure you want to log out?";
  const navigation = useNavigation();
  const leaving = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Form
      method="post"
      action={action}
      onSubmit={(e) => {
        if (ask && !window.confirm(question)) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={className} disabled={leaving}>
        {label}
      </button>
    </Form>
  );
}
