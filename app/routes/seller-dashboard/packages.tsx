import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useState } from "react";
import type { SellerPackage } from "~/components/seller-admin/api-helpers";
import { useApiData } from "~/components/bookings/use-api-data";
import { useRowAction } from "~/lib/use-row-action";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ApiRequestError, api } from "~/lib/api";
import { formatRupees } from "~/lib/format";
import "~/styles/seller-admin.css";
import { LoadErrorCard, LoadingCard } from "~/components/load-state";

export const meta: MetaFunction = () => [{ title: "Packages | Tripbazaar" }];

type Blocked = { id: string; name: string; message: string; published: boolean };

export default function Page() {
  const { state, reload } = useApiData<{ packages: SellerPackage[] }>("/api/seller-admin/packages", "Failed to load packages");
  const { busy, run } = useRowAction(reload);
  const [blocked, setBlocked] = useState<Blocked | null>(null);

  async function setStatus(p: SellerPackage, status: "draft" | "published") {
    await run(p.id, "Failed to update the package", async () => {
      const res = await api<{ message: string }>(`/api/seller-admin/packages/${encodeURIComponent(p.id)}/status`, {
        method: "PUT",
        body: { status },
      });
      if (blocked?.id === p.id) setBlocked(null);
      return res.message;
    });
  }

  async function remove(p: SellerPackage) {
    if (!window.confirm(`Delete "${p.name}"? This cannot be undone.`)) return;
    await run(
      p.id,
      "Failed to delete the package",
      async () => {
        await api(`/api/seller-admin/packages/${encodeURIComponent(p.id)}`, { method: "DELETE" });
        return "Package deleted";
      },
      (error, message) => {
        if (error instanceof ApiRequestError && error.status === 409)
          setBlocked({ id: p.id, name: p.name, message, published: p.status === "published" });
      },
    );
  }

  const blockedPkg = blocked && state.status === "ready" ? state.data.packages.find((p) => p.id === blocked.id) : undefined;

  return (
    <main id="main" className="dash-main">
      <div className="sa-head">
        <h1>Packages</h1>
        <Link to="/seller-dashboard/packages/add-package" className="btn">
          Add package
        </Link>
      </div>
      {blocked ? (
        <div className="sa-alert stack" role="alert">
          <p>
            <strong>{blocked.name}:</strong> {blocked.message}
          </p>
          <div className="row">
            {blockedPkg?.status === "published" ? (
              <button type="button" className="btn" disabled={busy === blocked.id} onClick={() => setStatus(blockedPkg, "draft")}>
                Unpublish instead
              </button>
            ) : (
              <span className="muted">It is already unpublished, so your website does not show it.</span>
            )}
            <button type="button" className="btn btn-outline" onClick={() => setBlocked(null)}>
              Dismiss
            </button>
          </div>
        </div>
      ) : null}
      {state.status === "loading" ? (
        <LoadingCard label="Loading packages..." />
      ) : state.status === "error" ? (
        <LoadErrorCard message={state.message} onRetry={reload} />
      ) : state.data.packages.length === 0 ? (
        <div className="card stack">
          <p className="muted">You have no packages yet. Add your first one and publish it to show it on your website.</p>
        </div>
      ) : (
        <section className="card" aria-label="Your packages">
          <div className="table-wrap">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Package</th>
                  <th scope="col">City</th>
                  <th scope="col">Duration</th>
                  <th scope="col">Price</th>
                  <th scope="col">Status</th>
                  <th scope="col">Bookings</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {state.data.packages.map((p) => (
                  <tr key={p.id} data-package-id={p.id}>
                    <td>
                      <Link to={`/seller-dashboard/packages/modify-package/${encodeURIComponent(p.id)}`}>{p.name}</Link>
                    </td>
                    <td>{p.city}</td>
                    <td>{p.duration}</td>
                    <td>{p.priceRanges[0] ? formatRupees(p.priceRanges[0].price) : <span className="muted">No price</span>}</td>
                    <td>
                      <span className={`badge badge-${p.status}`}>{p.status === "published" ? "Published" : "Draft"}</span>
                    </td>
                    <td>{p.bookings}</td>
                    <td>
                      <div className="sa-actions">
                        <Link
                          className="btn btn-outline"
                          to={`/seller-dashboard/packages/modify-package/${encodeURIComponent(p.id)}`}
                          aria-label={`Edit ${p.name}`}
                        >
                          Edit
                        </Link>
                        {p.status === "published" ? (
                          <button
                            type="button"
                            className="btn btn-outline"
                            disabled={busy === p.id}
                            onClick={() => setStatus(p, "draft")}
                            aria-label={`Unpublish ${p.name}`}
                          >
                            Unpublish
                          </button>
                        ) : (
                          <button
                            type="button"
                            className="btn"
                            disabled={busy === p.id}
                            onClick={() => setStatus(p, "published")}
                            aria-label={`Publish ${p.name}`}
                          >
                            Publish
                          </button>
                        )}
                        <button
                          type="button"
                          className="btn btn-danger"
                          disabled={busy === p.id}
                          onClick={() => remove(p)}
                          aria-label={`Delete ${p.name}`}
                        >
                          Delete
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
