import { Form, useNavigation } from "@remix-run/react";

/**
 * Log out (spec §2, §4): a form post to `action` (the main site's /logout, a seller site's dashboard), which
 * clears the session cookie and sends the browser on. With scripts it asks first, as the spec's dashboard does.
 */
export function LogoutForm({
  action,
  label,
  className = "btn btn-outline",
  ask = true,
}: {
  action?: string;
  label: string;
  className?: string;
  ask?: boolean;
}) {
  const navigation = useNavigation();
  const leaving = navigation.state !== "idle" && navigation.formData?.get("intent") === "logout";
  return (
    <Form
      method="post"
      action={action}
      onSubmit={(e) => {
        if (ask && !window.confirm("Are you sure you want to log out?")) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="logout" />
      <button type="submit" className={className} disabled={leaving}>
        {label}
      </button>
    </Form>
  );
}
