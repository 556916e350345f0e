import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { readPaymentAs } from "@worker/domain/payments/views";
import { z } from "zod";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { NoPaymentNamed, type OutcomeLinks, PaymentOutcome, headingOf } from "~/components/payments/payment-outcome";
import { pageQuery, signedInData, signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.payment ? headingOf(data.payment) : "Your bookings"} | Tripbazaar` },
];

export const headers: HeadersFunction = () => signedInHeaders;

const query = z.object({ payment: z.string().trim().min(1).max(100).optional() });

/**
 * Login required (spec §2). What the checkout named by `?payment=` booked, per seller, read in one batch with the
 * session check (only the payer's own is found). Without it, no payment: a reload or a later visit shows the same
 * checkout, never simply the latest (issue 24).
 */
export function loader({ context }: LoaderFunctionArgs) {
  const { payment } = pageQuery(context.url, query);
  return signedInData(context, undefined, async (userId) => ({ payment: payment ? await readPaymentAs(context, userId, payment) : null }));
}

const LINKS: OutcomeLinks = {
  booking: (id) => `/booking/${encodeURIComponent(id)}`,
  cart: "/cart",
  bookings: "/user-dashboard/bookings",
  policy: "/cancellation-and-refund",
  browse: "/tours/search",
};

export default function Page() {
  const { payment } = useLoaderData<typeof loader>();
  return payment ? <PaymentOutcome payment={payment} links={LINKS} /> : <NoPaymentNamed links={LINKS} />;
}

export function ErrorBoundary() {
  return (
    <LoadErrorBoundary also={[404]}>
      <main id="main" className="container page stack">
        <h1>Booking success</h1>
        <LoadFailed fallback="Failed to load your booking" />
      </main>
    </LoadErrorBoundary>
  );
}
