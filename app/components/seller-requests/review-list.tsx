import { NavLink, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import toast from "react-hot-toast";
import { useApiData } from "~/components/bookings/use-api-data";
import { LoadErrorCard, LoadingCard } from "~/components/load-state";
import { api, errorMessage } from "~/lib/api";
import { formatDate } from "~/lib/format";
import type { SellerRequest, SellerRequestStatus } from "./types";
import { Pager } from "~/components/pager";

type ListResponse = { requests: SellerRequest[]; pagination: { page: number; total: number; pages: number } };

const TABS = [
  { to: "/superadmin-panel/requests", label: "Pending" },
  { to: "/superadmin-panel/requests/approved", label: "Approved" },
  { to: "/superadmin-panel/requests/rejected", label: "Rejected" },
];

/** One pending application with its review actions; rejecting asks for the note the applicant will read. */
function PendingActions({ request, onDone }: { request: SellerRequest; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [note, setNote] = useState("");
  const [noteError, setNoteError] = useState("");

  async function review(action: "approve" | "reject") {
    setBusy(true);
    setNoteError("");
    try {
      await api(`/api/superadmin/seller-requests/${encodeURIComponent(request.id)}/${action}`, {
        method: "POST",
        body: action === "reject" ? { note } : undefined,
      });
      toast.success(action === "approve" ? `${request.businessName} is now a seller` : "Request rejected");
      onDone();
    } catch (error) {
      const message = errorMessage(error, "Failed to review the request");
      if (action === "reject" && note.trim().length < 5) setNoteError(message);
      else toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  if (rejecting) {
    const id = `note-${request.id}`;
    return (
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          review("reject");
        }}
      >
        <div className="field">
          <label htmlFor={id}>Reason for the applicant*</label>
          <textarea
            id={id}
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
          <button type="submit" className="btn" disabled={busy}>
            {busy ? "Rejecting..." : "Reject request"}
          </button>
          <button type="button" className="btn btn-outline" onClick={() => setRejecting(false)} disabled={busy}>
            Cancel
          </button>
        </div>
      </form>
    );
  }
  return (
    <div className="row">
      <button type="button" className="btn" disabled={busy} onClick={() => review("approve")}>
        {busy ? "Approving..." : "Approve"}
      </button>
      <button type="button" className="btn btn-outline" disabled={busy} onClick={() => setRejecting(true)}>
        Reject
      </button>
    </div>
  );
}

/** The superadmin's list of seller applications with a given status (spec §1 "requests" screens). */
export function SellerRequestsReview({ status }: { status: SellerRequestStatus }) {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get("page") || 1);
  const { state, reload } = useApiData<ListResponse>(
    `/api/superadmin/seller-requests?status=${status}${page > 1 ? `&page=${page}` : ""}`,
    "Failed to load requests",
  );
  const goTo = (p: number) => setParams(p > 1 ? new URLSearchParams({ page: String(p) }) : new URLSearchParams());

  return (
    <main id="main" className="container page stack">
      <h1>Seller requests</h1>
      <nav aria-label="Request status" className="row">
        {TABS.map((t) => (
          <NavLink key={t.to} to={t.to} end className={({ isActive }) => (isActive ? "btn" : "btn btn-outline")}>
            {t.label}
          </NavLink>
        ))}
      </nav>
      {state.status === "loading" ? (
        <LoadingCard label="Loading requests..." />
      ) : state.status === "error" ? (
        <LoadErrorCard message={state.message} onRetry={reload} />
      ) : state.data.requests.length === 0 ? (
        <div className="card">
          <p className="muted">{status === "pending" ? "No applications are waiting for review." : `No ${status} applications yet.`}</p>
        </div>
      ) : (
        <>
          {state.data.requests.map((r) => (
            <article key={r.id} className="card stack" aria-labelledby={`req-${r.id}`}>
              <header className="row" style={{ justifyContent: "space-between", flexWrap: "wrap" }}>
                <h2 id={`req-${r.id}`} style={{ margin: 0, fontSize: "2rem" }}>
                  {r.businessName}
                </h2>
                <span className="muted">Applied {formatDate(r.createdAt)}</span>
              </header>
              <p className="muted">
                {r.applicant?.name} · <a href={`mailto:${r.applicant?.email}`}>{r.applicant?.email}</a> · {r.phone} · {r.city}
              </p>
              <p style={{ whiteSpace: "pre-wrap" }}>{r.about}</p>
              {r.status === "pending" ? <PendingActions request={r} onDone={reload} /> : null}
              {r.status === "rejected" && r.reviewNote ? <p className="muted">Reason given: {r.reviewNote}</p> : null}
              {r.status === "approved" ? (
                <p>
                  <a href={`/seller/${encodeURIComponent(r.userId)}/website`}>Open their website</a>
                </p>
              ) : null}
            </article>
          ))}
          <Pager
            page={state.data.pagination.page}
            pages={state.data.pagination.pages}
            total={state.data.pagination.total}
            noun="requests"
            onPage={goTo}
          />
        </>
      )}
    </main>
  );
}
