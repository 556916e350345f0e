import { todayInIndia } from "@worker/domain/bookings/transitions";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { notFound } from "@worker/domain/errors";
import { NOT_FOUND, findBooking } from "@worker/domain/bookings/service";
import { BookingDetail } from "~/components/bookings/booking-detail";
import { bookingMoney } from "@worker/domain/payments/views";
import { cancelBookingAction } from "~/components/bookings/customer-bookings.server";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { CancelBookingForm } from "~/components/bookings/cancel-booking";
import { isCancellable } from "~/components/bookings/types";
import { CustomerPrompt } from "~/components/seller/customer-gate";
import { siteCustomerData } from "~/components/seller/customer-gate.server";
import { SiteLink } from "~/components/seller/site-link";
import { VoucherLink } from "~/components/voucher/voucher-link";
import type { ActionResult } from "~/lib/action-result";
import { sellerMeta, siteFromMatches, siteHref, useSellerSite } from "~/lib/seller-site";
import { requireSellerTenant } from "~/lib/seller-site.server";
import { signedInHeaders } from "~/lib/session.server";
import { useActionToast } from "~/lib/use-action-toast";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const ref = data && data.customer ? data.booking.bookingId : null;
  return sellerMeta(siteFromMatches(matches), { title: ref ? `Booking ${ref}` : "My Booking", path: "/dashboard", noindex: true });
};

export const headers = () => signedInHeaders;

/**
 * One of the customer's bookings with this seller, read in one D1 batch with the site and the session check.
 * SECURITY: another customer's booking, or one with another seller, reads as missing on this site.
 */
export function loader({ context, params }: LoaderFunctionArgs) {
  const { sellerId } = requireSellerTenant(context);
  return siteCustomerData(context, async (userId) => {
    const id = params.id ?? "";
    const [booking, money] = await Promise.all([findBooking(context, id), bookingMoney(context, id, { userId })]);
    if (!booking || booking.userId._id !== userId || booking.sellerId !== sellerId) throw notFound(NOT_FOUND);
    return { booking, money, today: todayInIndia(context.now) };
  });
}

/** The customer's Cancel, as on the dashboard. */
export const action = (args: ActionFunctionArgs) => cancelBookingAction(args);

function BookingPage({ children }: { children: React.ReactNode }) {
  const site = useSellerSite();
  return (
    <main id="main" className="container page stack seller-booking">
      <p>
        <SiteLink to={siteHref(site, "/dashboard")}>← My bookings</SiteLink>
      </p>
      {children}
    </main>
  );
}

export default function Page() {
  const loaded = useLoaderData<typeof loader>();
  const site = useSellerSite();
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher, "Failed to cancel booking");
  if (!loaded.customer) return <CustomerPrompt title="My Booking" />;
  const { booking, money, today } = loaded;

  return (
    <BookingPage>
      <BookingDetail
        booking={booking}
        money={money}
        actions={
          <>
            {booking.status === "confirmed" ? <VoucherLink href={siteHref(site, `/booking/${booking.bookingId}/voucher.pdf`)} /> : null}
            {isCancellable(booking, today) ? (
              <CancelBookingForm booking={booking} today={today} fetcher={fetcher}>
                Cancel booking
              </CancelBookingForm>
            ) : null}
          </>
        }
      />
    </BookingPage>
  );
}

/** Spec §8: "Booking not found", or the fallback with Try Again. */
export function ErrorBoundary() {
  return (
    <LoadErrorBoundary also={[404]}>
      <BookingPage>
        <LoadFailed fallback="Failed to fetch booking details" />
      </BookingPage>
    </LoadErrorBoundary>
  );
}
