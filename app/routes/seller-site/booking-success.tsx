import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { readPaymentAs } from "@worker/domain/payments/views";
import { z } from "zod";
import { NoPaymentNamed, type OutcomeLinks, PaymentOutcome, headingOf } from "~/components/payments/payment-outcome";
import { CustomerPrompt } from "~/components/seller/customer-gate";
import { siteCustomerData } from "~/components/seller/customer-gate.server";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { sellerMeta, siteFromMatches, siteHref, useSellerSite } from "~/lib/seller-site";
import { pageQuery, signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  sellerMeta(siteFromMatches(matches), {
    title: data && data.customer && data.payment ? headingOf(data.payment) : "Your booking",
    path: "/booking-success",
    noindex: true,
  });

export const headers = () => signedInHeaders;

const query = z.object({ payment: z.string().trim().min(1).max(100).optional() });

/**
 * Book Now's own page on a seller's site (issue 24): what the checkout named by `?payment=` became, under the
 * seller's brand, so a reload keeps it. Read in one batch with the site and the session check; only the payer's own
 * payment is found (another's reads as missing).
 */
export function loader({ context }: LoaderFunctionArgs) {
  const { payment } = pageQuery(context.url, query);
  return siteCustomerData(context, async (userId) => ({ payment: payment ? await readPaymentAs(context, userId, payment) : null }));
}

export default function Page() {
  const loaded = useLoaderData<typeof loader>();
  const site = useSellerSite();
  if (!loaded.customer) return <CustomerPrompt title="Your booking" />;
  const links: OutcomeLinks = {
    booking: (id) => siteHref(site, `/booking/${encodeURIComponent(id)}`),
    cart: siteHref(site, "/package/all"),
    bookings: siteHref(site, "/dashboard"),
    policy: `${site.platformOrigin}/cancellation-and-refund`,
    browse: siteHref(site, "/package/all"),
  };
  return loaded.payment ? <PaymentOutcome payment={loaded.payment} links={links} /> : <NoPaymentNamed links={links} />;
}

export function ErrorBoundary() {
  return (
    <LoadErrorBoundary also={[404]}>
      <main id="main" className="container page stack">
        <h1>Your booking</h1>
        <LoadFailed fallback="Failed to load your booking" />
      </main>
    </LoadErrorBoundary>
  );
}
