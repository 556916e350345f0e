import type { MetaFunction } from "@remix-run/cloudflare";
import { useApiData } from "~/components/bookings/use-api-data";
import { useRowAction } from "~/lib/use-row-action";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LoadErrorCard, LoadingCard } from "~/components/load-state";
import { api } from "~/lib/api";
import { formatDate } from "~/lib/format";

export const meta: MetaFunction = () => [{ title: "Custom domains | Tripbazaar" }];

type PendingDomain = { id: string; hostname: string; sellerId: string; verificationToken: string; txtRecord: string; createdAt: string };

/** Sellers' custom domains waiting for activation, with what to check before activating. */
export default function Page() {
  const { state, reload } = useApiData<{ domains: PendingDomain[] }>("/api/superadmin/domains", "Failed to load domains");
  const { busy, run } = useRowAction(reload);

  async function activate(d: PendingDomain) {
    await run(d.id, "Failed to activate the domain", async () => {
      await api(`/api/superadmin/domains/${encodeURIComponent(d.id)}/activate`, { method: "POST" });
      return `${d.hostname} is active`;
    });
  }

  return (
    <main id="main" className="container page stack">
      <h1>Custom domains</h1>
      <p className="muted">
        Before activating, check that the hostname has a CNAME to the platform and a TXT record with the token below, and that Cloudflare
        reports the custom hostname active. Only active domains serve the seller's website.
      </p>
      {state.status === "loading" ? (
        <LoadingCard label="Loading domains..." />
      ) : state.status === "error" ? (
        <LoadErrorCard message={state.message} onRetry={reload} />
      ) : state.data.domains.length === 0 ? (
        <div className="card">
          <p className="muted">No domains are waiting for activation.</p>
        </div>
      ) : (
        <div className="card table-wrap">
          <table className="data-table">
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
              {state.data.domains.map((d) => (
                <tr key={d.id}>
                  <td>{d.hostname}</td>
                  <td>
                    <a href={`/seller/${encodeURIComponent(d.sellerId)}/website`}>{d.sellerId}</a>
                  </td>
                  <td>
                    <code>{d.txtRecord}</code> = <code>{d.verificationToken}</code>
                  </td>
                  <td>{formatDate(d.createdAt)}</td>
                  <td>
                    <button type="button" className="btn" disabled={busy === d.id} onClick={() => activate(d)}>
                      {busy === d.id ? "Activating..." : `Activate ${d.hostname}`}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
