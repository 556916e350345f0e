import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { ConfirmDialog, useConfirmedSubmit } from "~/components/ui/confirm-dialog";

/**
 * Log out (spec §2, §4): a form post to `action` (the main site's /logout, a seller site's dashboard), which ends
 * the session on the server, clears the session cookie and sends the browser on. With scripts it asks first in the
 * confirm dialog, with the spec's question; without them the form posts at once. `everywhere` ends every session of the account (/logout only; ADR 0036).
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
  const submit = useSubmit();
  const asking = useConfirmedSubmit();
  const leaving = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <>
      <Form method="post" action={action} onSubmit={ask ? asking.ask : undefined}>
        <input type="hidden" name="intent" value={intent} />
        <button type="submit" className={className} disabled={leaving}>
          {label}
        </button>
      </Form>
      {ask ? (
        <ConfirmDialog
          open={asking.open}
          onClose={asking.close}
          confirmation={{
            title: question,
            body: (
              <p>
                {everywhere
                  ? "Every device signed in to this account will have to sign in again."
                  : "You will need to sign in again on this device."}
              </p>
            ),
            confirmLabel: label,
          }}
          onConfirm={() => {
            submit(asking.confirmed(), { method: "post", action });
            return undefined;
          }}
        />
      ) : null}
    </>
  );
}
