import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { auditListQuery, listAuditEntries } from "@worker/domain/audit/list";
import { formatDate, formatTime } from "@worker/shared/format";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageContent } from "~/components/load-state";
import { Pager } from "~/components/pager";
import { TableRegion } from "~/components/ui/table-region";
import { pageQuery, signedInData, signedInHeaders } from "~/lib/session.server";
import { useListFilters, withoutEmptyFilters } from "~/lib/use-list-filters";

export const meta: MetaFunction = () => [{ title: "Audit log · Superadmin panel | Tripbazaar" }];
export const headers = () => signedInHeaders;

/** One page of entries, filtered as the address says, beside the session check (one D1 round trip). */
export async function loader({ context }: LoaderFunctionArgs) {
  const query = pageQuery(withoutEmptyFilters(context.url), auditListQuery);
  return signedInData(context, "superadmin", async () => ({ log: await listAuditEntries(context, query) }));
}

const FILTERS = ["action", "actor", "target", "from", "to"] as const;

/** A before or after state as short `field: value` lines; nothing when there was none. */
function State({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span className="muted">—</span>;
  if (typeof value !== "object") return <span>{String(value)}</span>;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return <span className="muted">—</span>;
  return (
    <span className="stack">
      {entries.map(([k, v]) => (
        <span key={k}>
          <span className="muted">{k}:</span> <code>{typeof v === "string" ? v : JSON.stringify(v)}</code>
        </span>
      ))}
    </span>
  );
}

/** Every admin action, newest first, with filters. Read only: the table refuses any change (migration 0016). */
export default function Page() {
  const { params, applyFilters } = useListFilters(FILTERS);
  const { log } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="dash-main">
      <h1>Audit log</h1>
      <p className="muted">
        Every admin action: who did it, what changed (before and after), the reason and the address it came from. Entries cannot be changed
        or deleted.
      </p>
      <form className="card filters" onSubmit={applyFilters} aria-label="Filter the audit log" key={params.toString()}>
        <div className="field">
          <label htmlFor="a-action">Action</label>
          <select id="a-action" name="action" defaultValue={params.get("action") ?? ""}>
            <option value="">All</option>
            {log.actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="a-actor">Actor (name, email or id)</label>
          <input id="a-actor" name="actor" type="search" defaultValue={params.get("actor") ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="a-target">Target (type or id)</label>
          <input id="a-target" name="target" type="search" defaultValue={params.get("target") ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="a-from">From</label>
          <input id="a-from" name="from" type="date" defaultValue={params.get("from") ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="a-to">To</label>
          <input id="a-to" name="to" type="date" defaultValue={params.get("to") ?? ""} />
        </div>
        <div className="row">
          <button type="submit" className="btn">
            Filter
          </button>
        </div>
      </form>
      <PageContent label="Loading the audit log...">
        {log.entries.length === 0 ? (
          <div className="card">
            <p className="muted">No entries match.</p>
          </div>
        ) : (
          <section className="card stack" aria-label="Audit entries">
            <TableRegion label="Audit log table">
              <table className="data-table stack-rows">
                <caption className="sr-only">Admin actions, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">When (IST)</th>
                    <th scope="col">Who</th>
                    <th scope="col">Action</th>
                    <th scope="col">Target</th>
                    <th scope="col">Before</th>
                    <th scope="col">After</th>
                    <th scope="col">Reason</th>
                    <th scope="col">Address</th>
                  </tr>
                </thead>
                <tbody>
                  {log.entries.map((e) => (
                    <tr key={e.id} data-testid="audit-entry">
                      <td data-label="When">
                        <time dateTime={e.createdAt}>{`${formatDate(e.createdAt)}, ${formatTime(e.createdAt)}`}</time>
                      </td>
                      <td data-label="Who">
                        {e.actorName ?? e.actorId} <span className="muted">({e.actorRole})</span>
                        {e.actorEmail ? <span className="muted"> · {e.actorEmail}</span> : null}
                      </td>
                      <td data-label="Action">
                        <code>{e.action}</code>
                      </td>
                      <td data-label="Target">
                        {e.targetType} <code>{e.targetId}</code>
                      </td>
                      <td data-label="Before">
                        <State value={e.before} />
                      </td>
                      <td data-label="After">
                        <State value={e.after} />
                      </td>
                      <td data-label="Reason">{e.reason ?? <span className="muted">—</span>}</td>
                      <td data-label="Address">{e.ip ?? <span className="muted">—</span>}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
            <Pager page={log.pagination.page} pages={log.pagination.pages} total={log.pagination.total} noun="entries" />
          </section>
        )}
      </PageContent>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
