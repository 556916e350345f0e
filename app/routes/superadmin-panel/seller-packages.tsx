import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { listModerationPackages } from "@worker/domain/moderation/admin";
import { moderationListQuery } from "@worker/domain/moderation/schemas";
import { formatDate } from "@worker/shared/format";
import { useRef } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormAnswer } from "~/components/form-answer";
import { PageContent } from "~/components/load-state";
import { decideAction } from "~/components/moderation/decide.server";
import { DecisionForms } from "~/components/moderation/decision-forms";
import { ModerationBadge } from "~/components/moderation/moderation-badge";
import { Pager } from "~/components/pager";
import { TableRegion } from "~/components/ui/table-region";
import { pageQuery, signedInData, signedInHeaders } from "~/lib/session.server";
import { issuesOf, useActionToast } from "~/lib/use-action-toast";
import { useListFilters, withoutEmptyFilters } from "~/lib/use-list-filters";
import "~/styles/moderation.css";

export const meta: MetaFunction = () => [{ title: "Seller packages · Superadmin panel | Tripbazaar" }];
export const headers = () => signedInHeaders;

export async function loader({ context }: LoaderFunctionArgs) {
  const query = pageQuery(withoutEmptyFilters(context.url), moderationListQuery);
  return signedInData(context, "superadmin", async () => ({ list: await listModerationPackages(context, query) }));
}

export const action = ({ request, context }: ActionFunctionArgs) => decideAction(request, context);

const FILTERS = ["q", "state"] as const;

/** Every seller's packages, searchable, with their review state; a package waiting is approved or rejected here. */
export default function Page() {
  const { params, applyFilters } = useListFilters(FILTERS);
  const { list } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  // The row last decided: its reason field shows the reason the server refused.
  const decided = useRef<string | null>(null);
  if (fetcher.formData) decided.current = String(fetcher.formData.get("id"));
  const idle = fetcher.state === "idle";
  const reasonError = idle ? issuesOf(fetcher.data).reason : undefined;
  useActionToast({ state: fetcher.state, data: reasonError ? undefined : fetcher.data }, "Failed to decide");
  // A post without scripts: the page comes back with its answer.
  const answered = useActionData<typeof action>();

  return (
    <main id="main" className="dash-main">
      <h1>Seller packages</h1>
      <FormAnswer answer={answered} failure="Failed to decide" />
      <form className="card filters" onSubmit={applyFilters} aria-label="Find packages" key={params.toString()}>
        <div className="field">
          <label htmlFor="sp-q">Package, city or seller</label>
          <input id="sp-q" name="q" type="search" defaultValue={params.get("q") ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="sp-state">Review</label>
          <select id="sp-state" name="state" defaultValue={params.get("state") ?? ""}>
            <option value="">All</option>
            <option value="pending">Waiting for review</option>
            <option value="approved">Approved</option>
            <option value="rejected">Rejected</option>
            <option value="edited">With a change waiting</option>
          </select>
        </div>
        <div className="row">
          <button type="submit" className="btn">
            Search
          </button>
        </div>
      </form>
      <PageContent label="Loading packages...">
        {list.packages.length === 0 ? (
          <div className="card">
            <p className="muted">No packages match.</p>
          </div>
        ) : (
          <section className="card stack" aria-label="Seller packages">
            <TableRegion label="Seller packages table">
              <table className="data-table stack-rows">
                <thead>
                  <tr>
                    <th scope="col">Package</th>
                    <th scope="col">Seller</th>
                    <th scope="col">City</th>
                    <th scope="col">Added</th>
                    <th scope="col">State</th>
                    <th scope="col">
                      <span className="sr-only">Decision</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.packages.map((p) => (
                    <tr key={p.id} data-package-id={p.id}>
                      <td data-label="Package">
                        <span className="moderation-name">
                          {p.image ? <img src={p.image} alt="" width={48} height={36} loading="lazy" /> : null}
                          {p.name}
                        </span>
                      </td>
                      <td data-label="Seller">{p.sellerName}</td>
                      <td data-label="City">{p.city}</td>
                      <td data-label="Added">{formatDate(p.createdAt)}</td>
                      <td data-label="State">
                        <ModerationBadge moderation={p.moderation} status={p.status} />
                        {p.moderation === "rejected" && p.moderationReason ? <p className="muted">Reason: {p.moderationReason}</p> : null}
                        {p.pendingEditId ? (
                          <p>
                            <Link to="/superadmin-panel/edits">A change is waiting</Link>
                          </p>
                        ) : null}
                      </td>
                      <td>
                        {p.moderation === "pending" ? (
                          <DecisionForms
                            fetcher={fetcher}
                            intent="package"
                            id={p.id}
                            name={p.name}
                            approveBody={
                              <p>
                                {p.status === "published"
                                  ? `${p.sellerName} published it: it shows on the marketplace and their website at once.`
                                  : `${p.sellerName} has not published it yet: it shows once they do.`}
                              </p>
                            }
                            locked={!idle}
                            reasonError={decided.current === p.id ? reasonError : undefined}
                          />
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
            <Pager page={list.pagination.page} pages={list.pagination.pages} total={list.pagination.total} noun="packages" />
          </section>
        )}
      </PageContent>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
