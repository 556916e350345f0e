import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { customerListQuery } from "@worker/domain/bookings/schemas";
import { listCustomerBookings } from "@worker/domain/bookings/service";
import { todayInIndia } from "@worker/domain/bookings/transitions";
import { sellerRequestBody } from "@worker/domain/seller-requests/schemas";
import { applyToSell, latestRequestOf } from "@worker/domain/seller-requests/service";
import { z } from "zod";
import { CustomerBookings } from "~/components/bookings/customer-bookings";
import { cancelIntent, cancelOwnBooking } from "~/components/bookings/customer-bookings.server";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { UserDashboardPage } from "~/components/dashboard/user-dashboard-nav";
import { SellerApplicationCard } from "~/components/seller-requests/apply-card";
import { actionInput, signedInAction, signedInData, signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "My dashboard | Tripbazaar" }];
export const headers = () => signedInHeaders;

/** The five newest bookings with the stats, and the latest application to sell: one batch with the session check. */
export async function loader({ context }: LoaderFunctionArgs) {
  const recent = customerListQuery.parse({ limit: "5" });
  return signedInData(context, undefined, async (userId) => {
    const [bookings, application] = await Promise.all([
      listCustomerBookings(context, userId, recent, todayInIndia(context.now)),
      latestRequestOf(context, userId),
    ]);
    return { bookings, application };
  });
}

/** Cancel a booking, or apply to sell (the body of `POST /api/seller-requests`). */
const intents = z.discriminatedUnion("intent", [cancelIntent, z.object({ intent: z.literal("apply") }).merge(sellerRequestBody)]);

export async function action({ request, context }: ActionFunctionArgs) {
  return signedInAction(context, undefined, async (user) => {
    const input = intents.parse(await actionInput(request));
    if (input.intent === "cancel") return cancelOwnBooking(context, user.id, input.id);
    const { intent: _intent, ...application } = input;
    await applyToSell(context.db, context.config, user, application);
    return "Application sent";
  });
}

export default function Page() {
  const { bookings, application, user } = useLoaderData<typeof loader>();
  return (
    <UserDashboardPage title="My dashboard">
      <CustomerBookings bookings={bookings} detailHref={(b) => `/booking/${b._id}`} heading="Recent Bookings" />
      <p>
        <Link to="/user-dashboard/bookings">See all my bookings</Link>
      </p>
      <SellerApplicationCard request={application} role={user.role} />
    </UserDashboardPage>
  );
}

export function ErrorBoundary() {
  return (
    <LoadErrorBoundary>
      <UserDashboardPage title="My dashboard">
        <LoadFailed fallback="Failed to load your bookings" />
      </UserDashboardPage>
    </LoadErrorBoundary>
  );
}
