import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useFetcher, useLoaderData, useNavigate } from "@remix-run/react";
import { KEY_PATTERN } from "@worker/domain/idempotency";
import { addPackage } from "@worker/domain/seller-admin/manage";
import { packageBody } from "@worker/domain/seller-admin/schemas";
import { useEffect, useState } from "react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { fieldErrorsOf } from "~/components/seller-admin/form-fields";
import { packageAction, tourOfFields } from "~/components/seller-admin/package-action.server";
import { readPackageTour } from "@worker/domain/catalogue/package-tour";
import { type PackageAnswer, PackageForm, type PackageValues } from "~/components/seller-admin/package-form";
import { signedInData, signedInHeaders } from "~/lib/session.server";
import { useActionToast } from "~/lib/use-action-toast";

export const meta: MetaFunction = () => [{ title: "Add package · Seller dashboard | Tripbazaar" }];
export const headers = () => signedInHeaders;

/** The package as the API takes it, plus the page visit's Idempotency-Key (the API's header). */
const newPackage = packageBody.extend({
  idempotencyKey: z.string().regex(KEY_PATTERN, "The Idempotency-Key must be 8 to 200 visible characters").optional(),
});

/**
 * One key per visit to this page, in the server's HTML too, so a form sent without scripts carries it; and the
 * seller's hotels and add-ons to offer, read with the session check in one round trip.
 */
export function loader({ context }: LoaderFunctionArgs) {
  return signedInData(context, "seller", async (sellerId) => ({
    idempotencyKey: crypto.randomUUID(),
    tour: await readPackageTour(context, sellerId, null),
  }));
}

export async function action({ request, context }: ActionFunctionArgs) {
  return packageAction(request, context, async (sellerId, fields) => {
    const { idempotencyKey, ...input } = newPackage.parse(fields);
    const tour = tourOfFields(fields);
    const { pkg } = await addPackage(context.db, context.config, sellerId, input, idempotencyKey ?? null, tour);
    return pkg.moderation === "pending"
      ? "Package saved as a draft. Tripbazaar reviews new packages: it shows on your website once approved and published."
      : "Package saved as a draft. Publish it to show it on your website.";
  });
}

export default function Page() {
  const navigate = useNavigate();
  const fetcher = useFetcher<PackageAnswer>();
  const result = useActionToast(fetcher, "Failed to save the package");
  const answered = useActionData<PackageAnswer>();
  // One key per visit to this page (the first the loader gave): a retry after a lost answer cannot make a second package.
  const loaded = useLoaderData<typeof loader>();
  const [idempotencyKey] = useState(loaded.idempotencyKey);

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
      <PackageForm
        submitLabel="Save package"
        errors={fieldErrorsOf(result ?? answered)}
        busy={fetcher.state !== "idle"}
        onSubmit={create}
        hidden={{ idempotencyKey }}
        tour={loaded.tour}
      />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
