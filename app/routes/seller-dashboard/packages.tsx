import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { type FetcherWithComponents, Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { publishPackage, removePackage } from "@worker/domain/seller-admin/manage";
import { listSellerPackages } from "@worker/domain/seller-admin/packages";
import { idParam, statusBody } from "@worker/domain/seller-admin/schemas";
import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import { TableRegion } from "~/components/ui/table-region";
import { ActionButton } from "~/components/action-button";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormAnswer } from "~/components/form-answer";
import { PageContent } from "~/components/load-state";
import type { SellerPackage } from "~/components/seller-admin/form-fields";
import { formatRupees } from "@worker/shared/format";
import { actionInput, signedInAction, signedInData, signedInHeaders } from "~/lib/session.server";
import { useActionToast } from "~/lib/use-action-toast";
import "~/styles/seller-admin.css";

export const meta: MetaFunction = () => [{ title: "Packages · Seller dashboard | Tripbazaar" }];
export const headers = () => signedInHeaders;

export async function loader({ context }: LoaderFunctionArgs) {
  return signedInData(context, "seller", async (sellerId) => ({ packages: await listSellerPackages(context, sellerId) }));
}

/** Publish/unpublish (`status`) or delete one package, with the API's schemas. */
const change = z.discriminatedUnion("intent", [
  z
    .object({ intent: z.literal("status") })
    .merge(idParam)
    .merge(statusBody),
  z.object({ intent: z.literal("delete") }).merge(idParam),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  return signedInAction(context, "seller", async (seller) => {
    const input = change.parse(await actionInput(request));
    if (input.intent === "status") return (await publishPackage(context.db, context.config, seller.id, input.id, input.status)).message;
    await removePackage(context.db, context.config, seller.id, input.id);
    return "Package deleted";
  });
}

type Blocked = { id: string; name: string; message: string };

export default function Page() {
  const { packages } = useLoaderData<typeof loader>();
  const [blocked, setBlocked] = useState<Blocked | null>(null);
  // Deletes live here, not in the row: the row is gone when the answer arrives.
  const deleter = useFetcher<typeof action>();
  const deleted = useActionToast(deleter, "Failed to delete the package");
  const deleting = useRef<{ id: string; name: string } | null>(null);
  const unpublisher = useFetcher<typeof action>();
  const unpublished = useActionToast(unpublisher, "Failed to update the package");

  useEffect(() => {
    if (deleter.state !== "idle" || !deleted || deleted.ok || !deleting.current) return;
    // 409: the package has bookings; offer to unpublish it instead.
    if (deleted.status === 409) setBlocked({ ...deleting.current, message: deleted.message });
  }, [deleter.state, deleted]);

  useEffect(() => {
    if (unpublisher.state === "idle" && unpublished?.ok) setBlocked(null);
  }, [unpublisher.state, unpublished]);

  // A post without scripts: the page comes back with its answer (a package with bookings says so here).
  const answered = useActionData<typeof action>();
  const deletingId = deleter.state !== "idle" ? deleter.formData?.get("id") : null;
  const blockedPkg = blocked ? packages.find((p) => p.id === blocked.id) : undefined;

  return (
    <main id="main" className="dash-main">
      <div className="sa-head">
        <h1>Packages</h1>
        <Link to="/seller-dashboard/packages/add-package" className="btn">
          Add package
        </Link>
      </div>
      <FormAnswer answer={answered} failure="Failed to update the package" />
      {blocked ? (
        <div className="sa-alert stack" role="alert">
          <p>
            <strong>{blocked.name}:</strong> {blocked.message}
          </p>
          <div className="row">
            {blockedPkg?.status === "published" ? (
              <ActionButton
                fetcher={unpublisher}
                fields={{ intent: "status", id: blockedPkg.id, status: "draft" }}
                className="btn"
                disabled={unpublisher.state !== "idle"}
              >
                Unpublish instead
              </ActionButton>
            ) : (
              <span className="muted">It is already unpublished, so your website does not show it.</span>
            )}
            <button type="button" className="btn btn-outline" onClick={() => setBlocked(null)}>
              Dismiss
            </button>
          </div>
        </div>
      ) : null}
      <PageContent label="Loading packages...">
        {packages.length === 0 ? (
          <div className="card stack">
            <p className="muted">You have no packages yet. Add your first one and publish it to show it on your website.</p>
          </div>
        ) : (
          <section className="card" aria-label="Your packages">
            <TableRegion label="Packages table">
              <table className="data-table stack-rows">
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
                  {packages.map((p) => (
                    <PackageRow
                      key={p.id}
                      p={p}
                      deleter={deleter}
                      deleting={deletingId === p.id}
                      onDelete={() => {
                        deleting.current = { id: p.id, name: p.name };
                      }}
                      onChanged={() => setBlocked((b) => (b?.id === p.id ? null : b))}
                    />
                  ))}
                </tbody>
              </table>
            </TableRegion>
          </section>
        )}
      </PageContent>
    </main>
  );
}

/**
 * One package with its publish/unpublish (its own write, so rows change independently) and delete buttons; each a
 * form, so they work without scripts (with them, Delete asks first). `deleter` is the page's: the row is gone
 * when its answer arrives.
 */
function PackageRow(props: {
  p: SellerPackage;
  deleter: FetcherWithComponents<unknown>;
  deleting: boolean;
  onDelete: () => void;
  onChanged: () => void;
}) {
  const { p, deleter, deleting, onDelete, onChanged } = props;
  const fetcher = useFetcher<typeof action>();
  const result = useActionToast(fetcher, "Failed to update the package");
  const busy = deleting || fetcher.state !== "idle";
  const handled = useRef<unknown>(null);

  // Once per answer: a change of this package ends the offer to unpublish it.
  useEffect(() => {
    if (fetcher.state !== "idle" || !result?.ok || handled.current === result) return;
    handled.current = result;
    onChanged();
  }, [fetcher.state, result, onChanged]);

  return (
    <tr data-package-id={p.id}>
      <td data-label="Package">
        <Link to={`/seller-dashboard/packages/modify-package/${encodeURIComponent(p.id)}`}>{p.name}</Link>
      </td>
      <td data-label="City">{p.city}</td>
      <td data-label="Duration">{p.duration}</td>
      <td data-label="Price">{p.priceRanges[0] ? formatRupees(p.priceRanges[0].price) : <span className="muted">No price</span>}</td>
      <td data-label="Status">
        <span className={`badge badge-${p.status}`}>{p.status === "published" ? "Published" : "Draft"}</span>
        <ReviewState p={p} />
      </td>
      <td data-label="Bookings">{p.bookings}</td>
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
            <ActionButton
              fetcher={fetcher}
              fields={{ intent: "status", id: p.id, status: "draft" }}
              className="btn btn-outline"
              disabled={busy}
              aria-label={`Unpublish ${p.name}`}
            >
              Unpublish
            </ActionButton>
          ) : (
            <ActionButton
              fetcher={fetcher}
              fields={{ intent: "status", id: p.id, status: "published" }}
              className="btn"
              disabled={busy}
              aria-label={`Publish ${p.name}`}
            >
              Publish
            </ActionButton>
          )}
          <ActionButton
            fetcher={deleter}
            fields={{ intent: "delete", id: p.id }}
            confirm={{
              title: `Delete "${p.name}"?`,
              body: <p>The package leaves your website and your list. This cannot be undone.</p>,
              confirmLabel: "Delete package",
              danger: true,
            }}
            onSend={onDelete}
            className="btn btn-danger"
            disabled={busy}
            aria-label={`Delete ${p.name}`}
          >
            Delete
          </ActionButton>
        </div>
      </td>
    </tr>
  );
}

/** The operator's review of the package and of its newest change (ADR 0048), with the reason of a rejection. */
function ReviewState({ p }: { p: SellerPackage }) {
  return (
    <div className="stack review-state">
      {p.moderation === "pending" ? (
        <p>
          <span className="badge badge-pending">Waiting for review</span>{" "}
          <span className="muted">Tripbazaar checks new packages before anyone sees them.</span>
        </p>
      ) : null}
      {p.moderation === "rejected" ? (
        <p>
          <span className="badge badge-rejected">Not approved</span> Reason: {p.moderationReason}.{" "}
          <span className="muted">Change it and save to send it again.</span>
        </p>
      ) : null}
      {p.edit?.status === "pending" ? (
        <p>
          <span className="badge badge-pending">Change waiting for review</span>{" "}
          <span className="muted">Your website shows the current version until it is approved.</span>
        </p>
      ) : null}
      {p.edit?.status === "rejected" ? (
        <p>
          <span className="badge badge-rejected">Change not approved</span> Reason: {p.edit.reason}.
        </p>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
