import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, data } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { addDeparture, changeDeparture, removeDeparture } from "@worker/domain/departures/manage";
import { departurePackages, sellerDepartures } from "@worker/domain/departures/read";
import { departureChange, departureInput } from "@worker/domain/departures/schemas";
import { z } from "zod";
import { AddDepartureForm, DepartureList } from "~/components/departures/seller-departures";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormAnswer } from "~/components/form-answer";
import { PageContent } from "~/components/load-state";
import type { ActionResult } from "~/lib/action-result";
import { actionInput, refusal, requireUser, signedInData, signedInHeaders } from "~/lib/session.server";
import "~/components/departures/departures-dashboard.css";

export const meta: MetaFunction = () => [{ title: "Departures · Seller dashboard | Tripbazaar" }];
export const headers = () => signedInHeaders;

/** The seller's departures and the packages they can add one to: one D1 round trip with the session check. */
export async function loader({ context }: LoaderFunctionArgs) {
  return signedInData(context, "seller", async (sellerId) => {
    const [departures, packages] = await Promise.all([
      sellerDepartures(context, sellerId, context.now),
      departurePackages(context, sellerId),
    ]);
    return { departures, packages };
  });
}

const intentOf = z.object({ intent: z.enum(["add", "change", "delete"]), id: z.string().max(64).optional() });

export type DepartureAnswer = ActionResult & { intent?: string; id?: string; values?: Record<string, string> };

/** Add, change or delete a departure; the same services and schemas as /api/seller-departures. */
export async function action({ request, context }: ActionFunctionArgs) {
  // SECURITY: the seller's own id from the session; ids in the form only ever pick among the seller's rows.
  const seller = await requireUser(context, "seller");
  const input = await actionInput(request).catch(() => ({}) as Record<string, unknown>);
  const values = Object.fromEntries(Object.entries(input).filter((e): e is [string, string] => typeof e[1] === "string"));
  const { db, config, now } = context;
  try {
    const { intent, id = "" } = intentOf.parse(input);
    const answer = (message: string) => data<DepartureAnswer>({ ok: true, message, intent, id }, { headers: signedInHeaders });
    switch (intent) {
      case "add": {
        const made = await addDeparture(db, config, seller.id, departureInput.parse(input), now);
        return answer(`Departure on ${made.startDate} added to ${made.packageName}`);
      }
      case "change":
        await changeDeparture(db, config, seller.id, id, departureChange.parse(input), now);
        return answer("Departure updated");
      case "delete":
        await removeDeparture(db, config, seller.id, id, now);
        return answer("Departure deleted");
    }
  } catch (error) {
    return refusal(error, { intent: values.intent, id: values.id, values });
  }
}

export default function Page() {
  const { departures, packages } = useLoaderData<typeof loader>();
  const answer = useActionData<DepartureAnswer>();
  return (
    <main id="main" className="dash-main">
      <h1>Departures</h1>
      <p className="muted">
        Give a package fixed departures with a number of seats, and travellers book one of them; a package without departures is booked on
        request with any date. Seats in a checkout are held for 15 minutes.
      </p>
      <PageContent label="Loading...">
        <FormAnswer answer={answer} failure="The departure could not be saved" />
        <AddDepartureForm packages={packages} answer={answer?.intent === "add" ? answer : undefined} />
        <DepartureList departures={departures} answer={answer} />
      </PageContent>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
