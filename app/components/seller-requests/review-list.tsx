import { type FetcherWithComponents, NavLink, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import type { SellerRequest } from "@worker/domain/seller-requests/service";
import { useState } from "react";
import { ActionButton } from "~/components/action-button";
import { FormAnswer } from "~/components/form-answer";
import { PageContent } from "~/components/load-state";
import { Pager } from "~/components/pager";
import { formatDate } from "@worker/shared/format";
import { issuesOf, useActionToast } from "~/lib/use-action-toast";
import { useHydrated } from "~/lib/use-hydrated";
import type { ReviewAction, ReviewLoader } from "./review.server";

const TABS = [
  { to: "/superadmin-panel/requests", label: "Pending" },
  { to: "/superadmin-panel/requests/approved", label: "Approved" },
  { to: "/superadmin-panel/requests/rejected", label: "Rejected" },
];

type Decision = "approve" | "reject";

/**
 * One pending application with its review actions, forms posting to the page's action: Approve, and Reject with
 * the note the applicant will read. With scripts the note's field opens on Reject; without them it is always there.
 */
function PendingActions({
  request,
  fetcher,
  busy,
  locked,
  noteError,
  onReview,
}: {
  request: { id: string };
  fetcher: FetcherWithComponents<unknown>;
  /** This request's review in flight. */
  busy: Decision | null;
  /** Any review in flight: one at a time. */
  locked: boolean;
  noteError: string | undefined;
  /** A review of this request is sent. */
  onReview: () => void;
}) {
  const hydrated = useHydrated();
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState("");
  const id = `note-${request.id}`;

  const approve = (
    <ActionButton fetcher={fetcher} fields={{ intent: "approve", id: request.id }} onSend={onReview} className="btn" disabled={locked}>
      {busy === "approve" ? "Approving..." : "Approve"}
    </ActionButton>
  );
  if (hydrated && !rejecting) {
    return (
      <div className="row">
        {approve}
        <button type="button" className="btn btn-outline" disabled={locked} onClick={() => setRejecting(true)}>
          Reject
        </button>
      </div>
    );
  }
  return (
    <div className="stack">
      {hydrated ? null : <div className="row">{approve}</div>}
      <fetcher.Form method="post" className="stack" onSubmit={onReview}>
        <input type="hidden" name="intent" value="reject" />
        <input type="hidden" name="id" value={request.id} />
        <div className="field">
          <label htmlFor={id}>Reason for the applicant*</label>
          <textarea
            id={id}
            name="note"
            rows={3}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? `${id}-error` : undefined}
            className={noteError ? "input-error" : undefined}
          />
          {noteError ? (
            <span id={`${id}-error`} className="error-text">
              {noteError}
            </span>
          ) : null}
        </div>
        <div className="row">
          <button type="submit" className="btn" disabled={locked}>
            {busy === "reject" ? "Rejecting..." : "Reject request"}
          </button>
          {hydrated ? (
            <button type="button" className="btn btn-outline" onClick={() => setRejecting(false)} disabled={locked}>
              Cancel
            </button>
          ) : null}
        </div>
      </fetcher.Form>
    </div>
  );
}

/**
 * The superadmin's list of seller applications with a given status (spec §1 "requests" screens),
 * rendered from the route's loader (reviewLoader); a review posts to the pending screen's action.
 */
export function SellerRequestsReview({ status }: { status: SellerRequest["status"] }) {
  const { list } = useLoaderData<ReviewLoader>();

  const fetcher = useFetcher<ReviewAction>();
  // The request last reviewed: its note field shows the reason the server refused.
  const [reviewed, setReviewed] = useState<string | null>(null);
  const idle = fetcher.state === "idle";
  const noteError = idle ? issuesOf(fetcher.data).note : undefined;
  // A refused reason is shown at its field, every other outcome as a toast.
  useActionToast({ state: fetcher.state, data: noteError ? undefined : fetcher.data }, "Failed to review the request");
  const busyId = idle ? null : (fetcher.formData?.get("id") as string | null);
  const busyIntent = idle ? null : (fetcher.formData?.get("intent") as Decision | null);

  // A post without scripts: the page comes back with its answer.
  const answered = useActionData<ReviewAction>();

  return (
    <main id="main" className="dash-main">
      <h1>Seller requests</h1>
      <FormAnswer answer={answered} failure="Failed to review the request" />
      <nav aria-label="Request status" className="row">
        {TABS.map((t) => (
          <NavLink key={t.to} to={t.to} end className={({ isActive }) => (isActive ? "btn" : "btn btn-outline")}>
            {t.label}
          </NavLink>
        ))}
      </nav>
      <PageContent label="Loading requests...">
        {list.requests.length === 0 ? (
          <div className="card">
            <p className="muted">{status === "pending" ? "No applications are waiting for review." : `No ${status} applications yet.`}</p>
          </div>
        ) : (
          <>
            {list.requests.map((r) => (
              <article key={r.id} className="card stack" aria-labelledby={`req-${r.id}`}>
                <header className="row" style={{ justifyContent: "space-between", flexWrap: "wrap" }}>
                  <h2 id={`req-${r.id}`} style={{ margin: 0, fontSize: "2rem" }}>
                    {r.businessName}
                  </h2>
                  <span className="muted">Applied {formatDate(r.createdAt)}</span>
                </header>
                <p className="muted">
                  {r.applicant.name} · <a href={`mailto:${r.applicant.email}`}>{r.applicant.email}</a> · {r.phone} · {r.city}
                </p>
                <p style={{ whiteSpace: "pre-wrap" }}>{r.about}</p>
                {r.status === "pending" ? (
                  <PendingActions
                    request={r}
                    fetcher={fetcher}
                    busy={busyId === r.id ? busyIntent : null}
                    locked={!idle}
                    noteError={reviewed === r.id ? noteError : undefined}
                    onReview={() => setReviewed(r.id)}
                  />
                ) : null}
                {r.status === "rejected" && r.reviewNote ? <p className="muted">Reason given: {r.reviewNote}</p> : null}
                {r.status === "approved" && r.sitePath ? (
                  <p>
                    <a href={r.sitePath}>Open their website</a>
                  </p>
                ) : null}
              </article>
            ))}
            <Pager page={list.pagination.page} pages={list.pagination.pages} total={list.pagination.total} noun="requests" />
          </>
        )}
      </PageContent>
    </main>
  );
}
