import type { ActionFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useFetcher, useNavigate } from "@remix-run/react";
import { KEY_PATTERN } from "@worker/domain/idempotency";
import { addPackage } from "@worker/domain/seller-admin/manage";
import { packageBody } from "@worker/domain/seller-admin/schemas";
import { useEffect, useState } from "react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { fieldErrorsOf } from "~/components/seller-admin/api-helpers";
import { PackageForm, type PackageValues } from "~/components/seller-admin/package-form";
import { actionInput, signedInAction, signedInHeaders } from "~/lib/session.server";
import { useActionToast } from "~/lib/use-action-toast";

export const meta: MetaFunction = () => [{ title: "Add package · Seller dashboard | Tripbazaar" }];
export const headers = () => signedInHeaders;

/** The package as the API takes it, plus the page visit's Idempotency-Key (the API's header). */
const newPackage = packageBody.extend({
  idempotencyKey: z.string().regex(KEY_PATTERN, "The Idempotency-Key must be 8 to 200 visible characters").optional(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  return signedInAction(context, "seller", async (seller) => {
    const { idempotencyKey, ...input } = newPackage.parse(await actionInput(request));
    await addPackage(context.db, context.config, seller.id, input, idempotencyKey ?? null);
    return "Package saved as a draft. Publish it to show it on your website.";
  });
}

export default function Page() {
  const navigate = useNavigate();
  const fetcher = useFetcher<typeof action>();
  const result = useActionToast(fetcher, "Failed to save the package");
  // One key per visit to this page: a retry after a lost answer cannot make a second package.
  const [idempotencyKey] = useState(() => crypto.randomUUID());

  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) navigate("/seller-dashboard/packages");
  }, [fetcher.state, result, navigate]);

  function create(values: PackageValues) {
    fetcher.submit({ ...values, idempotencyKey }, { method: "post", encType: "application/json" });
  }

  return (
    <main id="main" className="dash-main">
      <p>
        <Link to="/seller-dashboard/packages">← Back to packages</Link>
      </p>
      <h1>Add package</h1>
      <PackageForm submitLabel="Save package" errors={fieldErrorsOf(result)} busy={fetcher.state !== "idle"} onSubmit={create} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
