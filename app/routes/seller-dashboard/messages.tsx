import type { MetaFunction } from "@remix-run/cloudflare";
import { useSearchParams } from "@remix-run/react";
import { useApiData } from "~/components/bookings/use-api-data";
import { useRowAction } from "~/lib/use-row-action";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LoadErrorCard, LoadingCard } from "~/components/load-state";
import { api } from "~/lib/api";
import { formatDate, formatTime } from "~/lib/format";
import { Pager } from "~/components/pager";

export const meta: MetaFunction = () => [{ title: "Messages | Tripbazaar" }];

type ContactMessage = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  status: "new" | "read";
  createdAt: string;
};
type MessagesResponse = {
  messages: ContactMessage[];
  unread: number;
  pagination: { page: number; pageSize: number; total: number; pages: number };
};

const FILTERS = [
  { value: "", label: "All" },
  { value: "new", label: "Unread" },
  { value: "read", label: "Read" },
] as const;

/** The seller's inbox: messages visitors sent through the website's contact form. */
export default function Page() {
  const [params, setParams] = useSearchParams();
  const status = params.get("status") ?? "";
  const page = Number(params.get("page") || 1);
  const query = new URLSearchParams();
  if (status) query.set("status", status);
  if (page > 1) query.set("page", String(page));
  const { state, reload } = useApiData<MessagesResponse>(`/api/seller-admin/messages?${query}`, "Failed to load messages");
  const { busy, run } = useRowAction(reload);

  async function mark(m: ContactMessage, next: "new" | "read") {
    await run(m.id, "Failed to update the message", async () => {
      await api(`/api/seller-admin/messages/${encodeURIComponent(m.id)}`, { method: "PUT", body: { status: next } });
      return next === "read" ? "Marked as read" : "Marked as unread";
    });
  }

  const show = (next: { status?: string; page?: number }) => {
    const p = new URLSearchParams();
    const s = next.status ?? status;
    if (s) p.set("status", s);
    if (next.page && next.page > 1) p.set("page", String(next.page));
    setParams(p);
  };

  return (
    <main id="main" className="dash-main">
      <h1>Messages{state.status === "ready" && state.data.unread > 0 ? ` (${state.data.unread} unread)` : ""}</h1>
      <p className="muted">What visitors send through your website's contact form. You also get each one by email.</p>
      <fieldset className="row" style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className="sr-only">Show</legend>
        {FILTERS.map((f) => (
          <button
            key={f.label}
            type="button"
            className={status === f.value ? "btn" : "btn btn-outline"}
            aria-pressed={status === f.value}
            onClick={() => show({ status: f.value, page: 1 })}
          >
            {f.label}
          </button>
        ))}
      </fieldset>

      {state.status === "loading" ? (
        <LoadingCard label="Loading messages..." />
      ) : state.status === "error" ? (
        <LoadErrorCard message={state.message} onRetry={reload} />
      ) : state.data.messages.length === 0 ? (
        <div className="card">
          <p className="muted">
            {status ? "No messages here." : "No messages yet. They arrive when visitors use your website's contact form."}
          </p>
        </div>
      ) : (
        <section className="stack" aria-label="Messages">
          {state.data.messages.map((m) => (
            <article key={m.id} className="card stack" aria-labelledby={`msg-${m.id}`}>
              <header className="row" style={{ justifyContent: "space-between", flexWrap: "wrap" }}>
                <h2 id={`msg-${m.id}`} style={{ margin: 0, fontSize: "1.8rem" }}>
                  {m.status === "new" ? <span className="badge badge-pending">New</span> : null} {m.subject}
                </h2>
                <span className="muted">
                  {formatDate(m.createdAt)}, {formatTime(m.createdAt)}
                </span>
              </header>
              <p className="muted">
                From {m.name} · <a href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>{m.email}</a>
                {m.phone ? (
                  <>
                    {" · "}
                    <a href={`tel:${m.phone.replace(/[^\d+]/g, "")}`}>{m.phone}</a>
                  </>
                ) : null}
              </p>
              <p style={{ whiteSpace: "pre-wrap" }}>{m.message}</p>
              <div className="row">
                <a className="btn" href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`}>
                  Reply by email
                </a>
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={busy === m.id}
                  onClick={() => mark(m, m.status === "new" ? "read" : "new")}
                >
                  {m.status === "new" ? "Mark as read" : "Mark as unread"}
                </button>
              </div>
            </article>
          ))}
          <Pager
            page={state.data.pagination.page}
            pages={state.data.pagination.pages}
            total={state.data.pagination.total}
            noun="messages"
            onPage={(p) => show({ page: p })}
          />
        </section>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
