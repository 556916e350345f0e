import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { readProfile } from "@worker/domain/auth/accounts";
import { accountSettingsAction } from "~/components/auth/account-settings.server";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { CustomerPrompt } from "~/components/seller/customer-gate";
import { siteCustomerData } from "~/components/seller/customer-gate.server";
import { CustomerSettingsPage } from "~/components/seller/customer-settings";
import { signedInHeaders } from "~/lib/session.server";
import { sellerMeta, siteFromMatches } from "~/lib/seller-site";

export const meta: MetaFunction = ({ matches }) =>
  sellerMeta(siteFromMatches(matches), { title: "Customer Settings", path: "/settings", noindex: true });

export const headers = () => signedInHeaders;

/** The login prompt, or the customer's profile: one D1 batch with the site and the session check. */
export const loader = ({ context }: LoaderFunctionArgs) =>
  siteCustomerData(context, async (userId) => ({ profile: await readProfile(context, userId) }));

/** Profile and password, as on the main site; emails carry this site's brand. */
export const action = (args: ActionFunctionArgs) => accountSettingsAction(args);

export default function Page() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.customer) return <CustomerPrompt title="Customer Settings" />;
  return <CustomerSettingsPage profile={loaded.profile} />;
}

export function ErrorBoundary() {
  return (
    <LoadErrorBoundary>
      <main id="main" className="container page">
        <LoadFailed fallback="Failed to fetch user profile details." serverMessage={false} />
      </main>
    </LoadErrorBoundary>
  );
}
