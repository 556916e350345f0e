import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { idParam } from "@worker/domain/seller-admin/schemas";
import { refundsNeedingAttention, retryRefund } from "@worker/domain/payments/refunds";
import { formatDate, formatRupees } from "@worker/shared/format";
import { TableRegion } from "~/components/ui/table-region";
import { ActionButton } from "~/components/action-button";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormAnswer } from "~/components/form-answer";
import { PageContent } from "~/components/load-state";
import { adminActor } from "~/lib/admin-actor.server";
import { actionInput, signedInAction, signedInData, signedInHeaders } from "~/lib/session.server";
import { useActionToast } from "~/lib/use-action-toast";

export const meta: MetaFunction = () => [{ title: "Refunds needing attention · Superadmin panel | Tripbazaar" }];
export const headers = () => signedInHeaders;

export async function loader({ context }: LoaderFunctionArgs) {
  return signedInData(context, "superadmin", async () => ({ refunds: await refundsNeedingAttention(context) }));
}

/** Sends one refund that needs attention to the provider once more (ADR 0029). */
export async function action({ request, context }: ActionFunctionArgs) {
  return signedInAction(context, "superadmin", async (admin) => {
    const { id } = idParam.parse(await actionInput(request));
    const refund = await retryRefund(context.db, context.config, adminActor(request, admin), id, context.now);
    if (refund?.status === "processed") return "The refund is made";
    if (refund?.status === "attention")
      return `The payment provider refused the refund again: ${refund.failureReason ?? "no reason given"}`;
    return "The refund is sent; the payment provider is making it";
  });
}

const REASON_LABEL = {
  rejected: "Rejected by the seller",
  cancelled: "Cancelled by the customer",
  expired: "Unanswered for 48 hours",
  unbooked: "Could not be booked",
  duplicate: "Second payment for a paid order",
} as const;

/** Refunds the provider refused on every scheduled try, with its last reason, newest first; each can be retried. */
export default function Page() {
  const { refunds } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher, "Failed to retry the refund");
  // A post without scripts: the page comes back with its answer.
  const answered = useActionData<typeof action>();
  const busy = fetcher.state === "idle" ? null : (fetcher.formData?.get("id") ?? "");

  return (
    <main id="main" className="dash-main">
      <h1>Refunds needing attention</h1>
      <p className="muted">
        Refunds the payment provider refused three times (tried again after 15 and 60 minutes). Fix the cause with the provider (the
        account's balance, the payment's state), then retry: the refund is sent once more. Travellers and sellers read these as on their
        way.
      </p>
      <FormAnswer answer={answered} failure="Failed to retry the refund" />
      <PageContent label="Loading refunds...">
        {refunds.length === 0 ? (
          <div className="card">
            <p className="muted">No refund needs attention.</p>
          </div>
        ) : (
          <div className="card">
            <TableRegion label="Refunds needing attention table">
              <table className="data-table stack-rows">
                <caption className="sr-only">Refunds the payment provider refused</caption>
                <thead>
                  <tr>
                    <th scope="col">Booking</th>
                    <th scope="col">Seller</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Why refunded</th>
                    <th scope="col">Provider's reason</th>
                    <th scope="col">Tries</th>
                    <th scope="col">Queued</th>
                    <th scope="col">
                      <span className="sr-only">Action</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {refunds.map((r) => (
                    <tr key={r.id} data-testid="attention-refund">
                      <td data-label="Booking" style={{ overflowWrap: "anywhere" }}>
                        {r.bookingId}
                      </td>
                      <td data-label="Seller">{r.sellerName}</td>
                      <td data-label="Amount">{formatRupees(r.amount)}</td>
                      <td data-label="Why refunded">{REASON_LABEL[r.reason]}</td>
                      <td data-label="Provider's reason" style={{ overflowWrap: "anywhere" }}>
                        {r.failureReason ?? "The payment provider gave no reason"}
                      </td>
                      <td data-label="Tries">{r.attempts}</td>
                      <td data-label="Queued">{formatDate(r.createdAt)}</td>
                      <td>
                        <ActionButton fetcher={fetcher} fields={{ id: r.id }} className="btn" disabled={busy !== null}>
                          {busy === r.id ? "Retrying..." : "Retry refund"}
                          <span className="sr-only"> of {r.bookingId}</span>
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
