import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { activateDomain, deactivateDomain, listAllDomains } from "@worker/domain/seller-admin/domains";
import { idParam } from "@worker/domain/seller-admin/schemas";
import { z } from "zod";
import { TableRegion } from "~/components/ui/table-region";
import { ActionButton } from "~/components/action-button";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormAnswer } from "~/components/form-answer";
import { PageContent } from "~/components/load-state";
import { formatDate } from "@worker/shared/format";
import { adminActor } from "~/lib/admin-actor.server";
import { actionInput, signedInAction, signedInData, signedInHeaders } from "~/lib/session.server";
import { useActionToast } from "~/lib/use-action-toast";

export const meta: MetaFunction = () => [{ title: "Custom domains · Superadmin panel | Tripbazaar" }];
export const headers = () => signedInHeaders;

export async function loader({ context }: LoaderFunctionArgs) {
  return signedInData(context, "superadmin", async () => ({ domains: await listAllDomains(context, context.domainSetup.cnameTarget) }));
}

const overrideBody = idParam.extend({ intent: z.enum(["activate", "deactivate"]).default("activate") });

/** The manual override on one domain: the API's id schema (POST /api/superadmin/domains/:id/activate or /deactivate). */
export async function action({ request, context }: ActionFunctionArgs) {
  return signedInAction(context, "superadmin", async (admin) => {
    const { id, intent } = overrideBody.parse(await actionInput(request));
    const { cnameTarget } = context.domainSetup;
    if (intent === "deactivate") {
      const domain = await deactivateDomain(context.db, context.config, adminActor(request, admin), id, cnameTarget);
      return `${domain.hostname} is switched off`;
    }
    const domain = await activateDomain(context.db, context.config, adminActor(request, admin), id, cnameTarget);
    return `${domain.hostname} is active`;
  });
}

const STATUS = { pending: "Pending", verifying: "Verifying", active: "Active", failed: "Failed" } as const;

/** Every seller's custom domain with its status and failure reason, and the manual override. */
export default function Page() {
  const { domains } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher, "Failed to change the domain");
  // A post without scripts: the page comes back with its answer.
  const answered = useActionData<typeof action>();
  const busy = fetcher.state === "idle" ? null : (fetcher.formData?.get("id") ?? "");

  return (
    <main id="main" className="dash-main">
      <h1>Custom domains</h1>
      <p className="muted">
        Every seller's custom domain and where it stands at Cloudflare for SaaS. A domain goes live on its own once Cloudflare reports the
        hostname and its certificate active; activate one by hand only after checking its records, and switch one off to stop serving it (no
        check turns it on again).
      </p>
      <FormAnswer answer={answered} failure="Failed to change the domain" />
      <PageContent label="Loading domains...">
        {domains.length === 0 ? (
          <div className="card">
            <p className="muted">No seller has added a custom domain yet.</p>
          </div>
        ) : (
          <div className="card">
            <TableRegion label="Domains table">
              <table className="data-table stack-rows">
                <caption className="sr-only">Sellers' custom domains</caption>
                <thead>
                  <tr>
                    <th scope="col">Hostname</th>
                    <th scope="col">Seller</th>
                    <th scope="col">Status</th>
                    <th scope="col">Records</th>
                    <th scope="col">Added</th>
                    <th scope="col">
                      <span className="sr-only">Action</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {domains.map((d) => (
                    <tr key={d.id}>
                      <td data-label="Hostname">{d.hostname}</td>
                      <td data-label="Seller">
                        <a href={d.sitePath}>{d.sellerName}</a>
                      </td>
                      <td data-label="Status" data-testid="domain-status">
                        {STATUS[d.status]}
                        {d.failureReason ? <span className="error-text"> · {d.failureReason}</span> : null}
                      </td>
                      <td data-label="Records">
                        <span className="stack">
                          {d.records
                            .filter((r) => r.type !== "CNAME")
                            .map((r) => (
                              <span key={r.name}>
                                <code>{r.name}</code> = <code>{r.value}</code>
                              </span>
                            ))}
                        </span>
                      </td>
                      <td data-label="Added">{formatDate(d.createdAt)}</td>
                      <td>
                        {d.status === "active" ? (
                          <ActionButton
                            fetcher={fetcher}
                            fields={{ id: d.id, intent: "deactivate" }}
                            className="btn btn-outline"
                            disabled={busy !== null}
                            confirm={{
                              title: `Switch ${d.hostname} off?`,
                              body: <p>The seller's website stops answering on {d.hostname} until you activate it again.</p>,
                              confirmLabel: "Switch off",
                              danger: true,
                            }}
                          >
                            {busy === d.id ? "Switching off..." : `Deactivate ${d.hostname}`}
                          </ActionButton>
                        ) : (
                          <ActionButton
                            fetcher={fetcher}
                            fields={{ id: d.id, intent: "activate" }}
                            className="btn"
                            disabled={busy !== null}
                          >
                            {busy === d.id ? "Activating..." : `Activate ${d.hostname}`}
                          </ActionButton>
                        )}
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
