import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useFetcher, useLoaderData, useNavigate } from "@remix-run/react";
import { notFound } from "@worker/api/errors";
import { PACKAGE_NOT_FOUND, editPackage } from "@worker/domain/seller-admin/manage";
import { FIELD_LABELS } from "@worker/domain/moderation/fields";
import { getSellerPackage } from "@worker/domain/seller-admin/packages";
import { packageBody } from "@worker/domain/seller-admin/schemas";
import { useEffect } from "react";
import { GeneralErrorBoundary, TryAgain, messageOf } from "~/components/error-boundary";
import { PageContent } from "~/components/load-state";
import { fieldErrorsOf } from "~/components/seller-admin/form-fields";
import { packageAction, tourOfFields } from "~/components/seller-admin/package-action.server";
import { readPackageTour } from "@worker/domain/catalogue/package-tour";
import { type PackageAnswer, PackageForm, type PackageValues } from "~/components/seller-admin/package-form";
import { signedInData, signedInHeaders } from "~/lib/session.server";
import { useActionToast } from "~/lib/use-action-toast";

export const meta: MetaFunction = () => [{ title: "Modify package · Seller dashboard | Tripbazaar" }];
export const headers = () => signedInHeaders;

export async function loader({ context, params }: LoaderFunctionArgs) {
  return signedInData(context, "seller", async (sellerId) => {
    // The package and its hotels, meal plans, add-ons and itinerary: one batch with the session check.
    const [pkg, tour] = await Promise.all([
      getSellerPackage(context, sellerId, params.id ?? ""),
      readPackageTour(context, sellerId, params.id ?? ""),
    ]);
    if (!pkg) throw notFound(PACKAGE_NOT_FOUND);
    return { package: pkg, tour };
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return packageAction(request, context, async (sellerId, fields) => {
    const input = packageBody.parse(fields);
    return (await editPackage(context.db, context.config, sellerId, params.id ?? "", input, tourOfFields(fields))).message;
  });
}

export default function Page() {
  const { package: pkg, tour } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const fetcher = useFetcher<PackageAnswer>();
  const result = useActionToast(fetcher, "Failed to save the package");
  const answered = useActionData<PackageAnswer>();

  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) navigate("/seller-dashboard/packages");
  }, [fetcher.state, result, navigate]);

  function save(values: PackageValues) {
    fetcher.submit(values, { method: "post", encType: "application/json" });
  }

  return (
    <main id="main" className="dash-main">
      <p>
        <Link to="/seller-dashboard/packages">← Back to packages</Link>
      </p>
      <h1>Modify package</h1>
      <PageContent label="Loading package...">
        <p className="muted">
          Status: <span className={`badge badge-${pkg.status}`}>{pkg.status === "published" ? "Published" : "Draft"}</span>{" "}
          {pkg.moderation === "pending"
            ? "Tripbazaar reviews it before anyone sees it; your changes go into that review."
            : pkg.moderation === "rejected"
              ? `Not approved: ${pkg.moderationReason}. Save your changes to send it for review again.`
              : pkg.status === "published"
                ? "Changes show on your website as soon as you save. While Tripbazaar reviews listings, new text and photos show once approved."
                : "Publish it from the package list to show it."}
        </p>
        {pkg.edit?.status === "pending" ? (
          <p className="sa-alert" role="status">
            A change to {pkg.edit.fields.map((f) => FIELD_LABELS[f].toLowerCase()).join(", ")} is waiting for review; your website shows the
            current version until then. The form below holds your change; saving again replaces it.
          </p>
        ) : null}
        {pkg.edit?.status === "rejected" ? (
          <p className="sa-alert" role="status">
            Your last change was not approved: {pkg.edit.reason}.
          </p>
        ) : null}
        <PackageForm
          key={pkg.id}
          initial={pkg.edit?.status === "pending" ? { ...pkg, ...pkg.edit.changes } : pkg}
          submitLabel="Save changes"
          errors={fieldErrorsOf(result ?? answered)}
          busy={fetcher.state !== "idle"}
          onSubmit={save}
          tour={tour}
        />
      </PageContent>
    </main>
  );
}

/** The package could not be read: its message (not found, …) with Try Again, as the page showed it. */
function LoadFailed({ message }: { message: string }) {
  return (
    <main id="main" className="dash-main">
      <p>
        <Link to="/seller-dashboard/packages">← Back to packages</Link>
      </p>
      <h1>Modify package</h1>
      <div className="card stack" role="alert">
        <p>{message}</p>
        <TryAgain />
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: (error) => <LoadFailed message={messageOf(error.data, "Failed to load the package")} />,
        503: (error) => <LoadFailed message={messageOf(error.data, "Failed to load the package")} />,
      }}
    />
  );
}
