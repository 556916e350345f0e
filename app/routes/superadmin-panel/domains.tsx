import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { idParam } from "@worker/domain/seller-admin/schemas";
import { activateDomain, listPendingDomains } from "@worker/domain/seller-admin/site";
import { TableRegion } from "~/components/ui/table-region";
import { ActionButton } from "~/components/action-button";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormAnswer } from "~/components/form-answer";
import { PageContent } from "~/components/load-state";
import { formatDate } from "@worker/shared/format";
import { actionInput, signedInAction, signedInData, signedInHeaders } from "~/lib/session.server";
import { useActionToast } from "~/lib/use-action-toast";

export const meta: MetaFunction = () => [{ title: "Custom domains · Superadmin panel | Tripbazaar" }];
export const headers = () => signedInHeaders;

export async function loader({ context }: LoaderFunctionArgs) {
  return signedInData(context, "superadmin", async () => ({ domains: await listPendingDomains(context) }));
}

/** Activates one pending domain: the API's id schema (POST /api/superadmin/domains/:id/activate). */
export async function action({ request, context }: ActionFunctionArgs) {
  return signedInAction(context, "superadmin", async () => {
    const { id } = idParam.parse(await actionInput(request));
    const domain = await activateDomain(context.db, context.config, id);
    return `${domain.hostname} is active`;
  });
}

/** Sellers' custom domains waiting for activation, with what to check before activating. */
export default function Page() {
  const { domains } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<typeof action>();
  useActionToast(fetcher, "Failed to activate the domain");
  // A post without scripts: the page comes back with its answer.
  const answered = useActionData<typeof action>();
  const busy = fetcher.state === "idle" ? null : (fetcher.formData?.get("id") ?? "");

  return (
    <main id="main" className="dash-main">
      <h1>Custom domains</h1>
      <p className="muted">
        Before activating, check that the hostname has a CNAME to the platform and a TXT record with the token below, and that Cloudflare
        reports the custom hostname active. Only active domains serve the seller's website.
      </p>
      <FormAnswer answer={answered} failure="Failed to activate the domain" />
      <PageContent label="Loading domains...">
        {domains.length === 0 ? (
          <div className="card">
            <p className="muted">No domains are waiting for activation.</p>
          </div>
        ) : (
          <div className="card">
            <TableRegion label="Domains table">
              <table className="data-table stack-rows">
                <caption className="sr-only">Domains waiting for activation</caption>
                <thead>
                  <tr>
                    <th scope="col">Hostname</th>
                    <th scope="col">Seller</th>
                    <th scope="col">TXT record</th>
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
                      <td data-label="TXT record">
                        <span>
                          <code>{d.txtRecord}</code> = <code>{d.verificationToken}</code>
                        </span>
                      </td>
                      <td data-label="Added">{formatDate(d.createdAt)}</td>
                      <td>
                        <ActionButton fetcher={fetcher} fields={{ id: d.id }} className="btn" disabled={busy !== null}>
                          {busy === d.id ? "Activating..." : `Activate ${d.hostname}`}
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
