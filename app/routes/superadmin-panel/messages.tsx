import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { idParam } from "@worker/domain/seller-admin/schemas";
import { deadFollowUps, retryDeadFollowUp } from "@worker/domain/follow-ups/deliver";
import { formatDate } from "@worker/shared/format";
import { TableRegion } from "~/components/ui/table-region";
import { ActionButton } from "~/components/action-button";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormAnswer } from "~/components/form-answer";
import { PageContent } from "~/components/load-state";
import { adminActor } from "~/lib/admin-actor.server";
import { actionInput, signedInAction, signedInData, signedInHeaders } from "~/lib/session.server";
import { useActionToast } from "~/lib/use-action-toast";

export const meta: MetaFunction = () => [{ title: "Undelivered messages · Superadmin panel | Tripbazaar" }];
export const headers = () => signedInHeaders;

export async function loader({ context }: LoaderFunctionArgs) {
  return signedInData(context, "superadmin", async () => ({ messages: await deadFollowUps(context) }));
}

/** Puts one dead message back on the queue, with its tries reset (ADR 0039). */
export async function action({ request, context }: ActionFunctionArgs) {
  return signedInAction(context, "superadmin", async (admin) => {
    const { id } = idParam.parse(await actionInput(request));
    await retryDeadFollowUp(context.db, context.config, adminActor(request, admin), id);
    return "The message is queued again";
  });
}

const KIND_LABEL = {
  email: "Email",
  "booking-answer": "Seller's answer",
  "booking-cancellation": "Cancellation",
  "payment-receipt": "Payment receipt",
  "seller-request": "Paid request to the seller",
  "payment-unbooked": "Refund of what could not be booked",
  "student-document": "Deleting a decided student ID",
  "image-variants": "Sized copies of an uploaded image",
  "review-invitation": "Invitation to review a trip",
  "travel-cancellation": "Cancelled flight, stay or bus trip",
} as const;

/** Follow-ups the queue retried until it gave up, with the last reason, newest first; each can be retried. */
export default function Page() {
  const { messages } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher, "Failed to retry the message");
  // A post without scripts: the page comes back with its answer.
  const answered = useActionData<typeof action>();
  const busy = fetcher.state === "idle" ? null : (fetcher.formData?.get("id") ?? "");

  return (
    <main id="main" className="dash-main">
      <h1>Undelivered messages</h1>
      <p className="muted">
        Emails and other follow-up work the queue tried until it gave up. Fix the cause (the email provider, its key), then retry: each
        message is delivered once.
      </p>
      <FormAnswer answer={answered} failure="Failed to retry the message" />
      <PageContent label="Loading messages...">
        {messages.length === 0 ? (
          <div className="card">
            <p className="muted">Every message was delivered.</p>
          </div>
        ) : (
          <div className="card">
            <TableRegion label="Undelivered messages table">
              <table className="data-table stack-rows">
                <caption className="sr-only">Messages the queue gave up on</caption>
                <thead>
                  <tr>
                    <th scope="col">Message</th>
                    <th scope="col">To</th>
                    <th scope="col">Reason</th>
                    <th scope="col">Tries</th>
                    <th scope="col">Written</th>
                    <th scope="col">
                      <span className="sr-only">Action</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {messages.map((m) => (
                    <tr key={m.id}>
                      <td data-label="Message">{m.subject || KIND_LABEL[m.kind]}</td>
                      <td data-label="To">{m.to || "not written yet"}</td>
                      <td data-label="Reason">{m.error ?? "The queue gave up on this message"}</td>
                      <td data-label="Tries">{m.attempts}</td>
                      <td data-label="Written">{formatDate(m.createdAt)}</td>
                      <td>
                        <ActionButton fetcher={fetcher} fields={{ id: m.id }} className="btn" disabled={busy !== null}>
                          {busy === m.id ? "Retrying..." : "Retry"}
                          <span className="sr-only"> {m.subject || KIND_LABEL[m.kind]}</span>
                        </ActionButton>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          </div>
        )}
      </PageContent>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
