import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { listEdits } from "@worker/domain/moderation/admin";
import { editListQuery } from "@worker/domain/moderation/schemas";
import { formatDate } from "@worker/shared/format";
import { useRef } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormAnswer } from "~/components/form-answer";
import { PageContent } from "~/components/load-state";
import { decideAction } from "~/components/moderation/decide.server";
import { DecisionForms } from "~/components/moderation/decision-forms";
import { EditDiff } from "~/components/moderation/edit-diff";
import { Pager } from "~/components/pager";
import { pageQuery, signedInData, signedInHeaders } from "~/lib/session.server";
import { issuesOf, useActionToast } from "~/lib/use-action-toast";
import "~/styles/moderation.css";

export const meta: MetaFunction = () => [{ title: "Edits · Superadmin panel | Tripbazaar" }];
export const headers = () => signedInHeaders;

export async function loader({ context }: LoaderFunctionArgs) {
  const query = pageQuery(context.url, editListQuery);
  return signedInData(context, "superadmin", async () => ({ shown: query.status, list: await listEdits(context, query) }));
}

export const action = ({ request, context }: ActionFunctionArgs) => decideAction(request, context);

const TABS = [
  { to: "/superadmin-panel/edits", status: "pending", label: "Waiting" },
  { to: "/superadmin-panel/edits?status=approved", status: "approved", label: "Approved" },
  { to: "/superadmin-panel/edits?status=rejected", status: "rejected", label: "Rejected" },
];

/** Changes to live packages' text and photos: the live version stays up until one is approved here. */
export default function Page() {
  const { shown: status, list } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  const decided = useRef<string | null>(null);
  if (fetcher.formData) decided.current = String(fetcher.formData.get("id"));
  const idle = fetcher.state === "idle";
  const reasonError = idle ? issuesOf(fetcher.data).reason : undefined;
  useActionToast({ state: fetcher.state, data: reasonError ? undefined : fetcher.data }, "Failed to decide");
  // A post without scripts: the page comes back with its answer.
  const answered = useActionData<typeof action>();

  return (
    <main id="main" className="dash-main">
      <h1>Edits</h1>
      <FormAnswer answer={answered} failure="Failed to decide" />
      <nav aria-label="Edit status" className="row">
        {TABS.map((t) => (
          <Link
            key={t.to}
            to={t.to}
            className={t.status === status ? "btn" : "btn btn-outline"}
            aria-current={t.status === status ? "page" : undefined}
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <PageContent label="Loading edits...">
        {list.edits.length === 0 ? (
          <div className="card">
            <p className="muted">{status === "pending" ? "No changes are waiting for review." : `No ${status} changes yet.`}</p>
          </div>
        ) : (
          <>
            {list.edits.map((e) => (
              <article key={e.id} className="card stack" aria-labelledby={`edit-${e.id}`} data-edit-id={e.id}>
                <header className="stack">
                  <h2 id={`edit-${e.id}`} style={{ margin: 0, fontSize: "2rem" }}>
                    {e.packageName}
                  </h2>
                  <p className="muted">
                    {e.sellerName} · sent {formatDate(e.submittedAt)}
                    {e.decidedAt ? ` · ${e.status} ${formatDate(e.decidedAt)}` : ""}
                  </p>
                </header>
                <EditDiff diff={e.diff} />
                {e.reason ? <p className="muted">Reason given: {e.reason}</p> : null}
                {e.status === "pending" ? (
                  <DecisionForms
                    fetcher={fetcher}
                    intent="edit"
                    id={e.id}
                    name={e.packageName}
                    approveBody={<p>The live package takes these changes at once, on the marketplace and the seller's website.</p>}
                    locked={!idle}
                    reasonError={decided.current === e.id ? reasonError : undefined}
                  />
                ) : null}
              </article>
            ))}
            <Pager page={list.pagination.page} pages={list.pagination.pages} total={list.pagination.total} noun="changes" />
          </>
        )}
      </PageContent>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
