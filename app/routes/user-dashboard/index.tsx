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
import { type ApplyAnswer, SellerApplicationCard } from "~/components/seller-requests/apply-card";
import type { ActionResult } from "~/lib/action-result";
import { actionInput, refusal, requireUser, signedInData, signedInHeaders } from "~/lib/session.server";

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

/** What an application's form sends, kept to fill it again after a refusal (a post without scripts). */
const APPLICATION_FIELDS = ["businessName", "phone", "city", "about"] as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context);
  const input = await actionInput(request).catch(() => ({}) as Record<string, unknown>);
  const applying = input.intent === "apply";
  try {
    const parsed = intents.parse(input);
    if (parsed.intent === "cancel")
      return { ok: true, message: await cancelOwnBooking(context, user.id, parsed.id) } satisfies ActionResult;
    const { intent: _intent, ...application } = parsed;
    await applyToSell(context.db, context.config, user, application);
    return { ok: true, message: "Application sent", intent: "apply" } satisfies ApplyAnswer;
  } catch (error) {
    if (!applying) return refusal(error);
    const values = Object.fromEntries(APPLICATION_FIELDS.map((k) => [k, typeof input[k] === "string" ? input[k] : ""]));
    return refusal(error, { intent: "apply", values });
  }
}

export default function Page() {
  const { bookings, application, user } = useLoaderData<typeof loader>();
  return (
    <UserDashboardPage title="My dashboard">
      <CustomerBookings bookings={bookings} detailHref={(b) => `/booking/${b.bookingId}`} heading="Recent Bookings" />
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
