import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useNavigate, useParams } from "@remix-run/react";
import { useState } from "react";
import toast from "react-hot-toast";
import { type FieldErrors, type SellerPackage, fieldErrorsOf } from "~/components/seller-admin/api-helpers";
import { PackageForm, type PackageValues } from "~/components/seller-admin/package-form";
import { useApiData } from "~/components/bookings/use-api-data";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { api, errorMessage } from "~/lib/api";
import { LoadErrorCard, LoadingCard } from "~/components/load-state";

export const meta: MetaFunction = () => [{ title: "Modify package | Tripbazaar" }];

export default function Page() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const path = `/api/seller-admin/packages/${encodeURIComponent(id)}`;
  const { state, reload } = useApiData<{ package: SellerPackage }>(path, "Failed to load the package");
  const [errors, setErrors] = useState<FieldErrors>({});

  async function save(values: PackageValues) {
    try {
      await api(path, { method: "PUT", body: values });
      toast.success("Package updated");
      navigate("/seller-dashboard/packages");
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast.error(errorMessage(error, "Failed to save the package"));
    }
  }

  return (
    <main id="main" className="dash-main">
      <p>
        <Link to="/seller-dashboard/packages">← Back to packages</Link>
      </p>
      <h1>Modify package</h1>
      {state.status === "loading" ? (
        <LoadingCard label="Loading package..." />
      ) : state.status === "error" ? (
        <LoadErrorCard message={state.message} onRetry={reload} />
      ) : (
        <>
          <p className="muted">
            Status:{" "}
            <span className={`badge badge-${state.data.package.status}`}>
              {state.data.package.status === "published" ? "Published" : "Draft"}
            </span>{" "}
            {state.data.package.status === "published"
              ? "Changes show on your website as soon as you save."
              : "Publish it from the package list to show it."}
          </p>
          <PackageForm
            key={state.data.package.id}
            initial={state.data.package}
            submitLabel="Save changes"
            errors={errors}
            onSubmit={save}
          />
        </>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
