import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useNavigate } from "@remix-run/react";
import { useState } from "react";
import toast from "react-hot-toast";
import { type FieldErrors, fieldErrorsOf } from "~/components/seller-admin/api-helpers";
import { PackageForm, type PackageValues } from "~/components/seller-admin/package-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { api, errorMessage } from "~/lib/api";

export const meta: MetaFunction = () => [{ title: "Add package | Tripbazaar" }];

export default function Page() {
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  // One key per visit to this page: a retry after a lost answer cannot make a second package.
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  async function create(values: PackageValues) {
    try {
      await api("/api/seller-admin/packages", { method: "POST", body: values, headers: { "Idempotency-Key": idempotencyKey } });
      toast.success("Package saved as a draft. Publish it to show it on your website.");
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
      <h1>Add package</h1>
      <PackageForm submitLabel="Save package" errors={errors} onSubmit={create} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
