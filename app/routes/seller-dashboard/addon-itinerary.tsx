import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { addonBody, itineraryDay } from "@worker/domain/catalogue/schemas";
import { addAddon, editAddon, readAddons, removeAddon, setItinerary } from "@worker/domain/catalogue/service";
import { AddonsSection } from "~/components/catalogue/addons";
import { type CatalogueForm, catalogueAction } from "~/components/catalogue/catalogue-action.server";
import { ItineraryEditor } from "~/components/catalogue/itinerary-editor";
import "~/components/catalogue/catalogue-dashboard.css";
import { PageContent } from "~/components/load-state";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { signedInData, signedInHeaders } from "~/lib/session.server";
import { ITINERARY_MAX_DAYS } from "@worker/domain/catalogue/schemas";

export const meta: MetaFunction = () => [{ title: "Add-on Itinerary · Seller dashboard | Tripbazaar" }];
export const headers = () => signedInHeaders;

/** Add-ons with their packages, and the packages with their itineraries, read with the session check: one round trip. */
export const loader = ({ context }: LoaderFunctionArgs) => signedInData(context, "seller", (sellerId) => readAddons(context, sellerId));

/** The itinerary form's days (`days.0.title`, …), read in order up to the limit. */
function daysOf(fields: CatalogueForm["fields"]) {
  return Array.from({ length: ITINERARY_MAX_DAYS + 1 }, (_, i) => i)
    .filter((i) => `days.${i}.title` in fields || `days.${i}.details` in fields)
    .slice(0, ITINERARY_MAX_DAYS)
    .map((i) =>
      itineraryDay.parse({
        title: fields[`days.${i}.title`] ?? "",
        details: fields[`days.${i}.details`] ?? "",
        overnight: fields[`days.${i}.overnight`] ?? "",
        meals: fields[`days.${i}.meals`] ?? "",
      }),
    );
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  catalogueAction(request, context, async ({ sellerId, intent, fields, all }) => {
    const { db, config } = context;
    switch (intent) {
      case "add-addon":
        await addAddon(db, config, sellerId, addonBody.parse(fields));
        return "Add-on added";
      case "edit-addon":
        await editAddon(db, config, sellerId, fields.id ?? "", addonBody.parse(fields), all("packageIds"));
        return "Add-on saved";
      case "delete-addon":
        await removeAddon(db, config, sellerId, fields.id ?? "");
        return "Add-on deleted";
      case "itinerary":
        return (await setItinerary(db, config, sellerId, fields.packageId ?? "", daysOf(fields))).held
          ? "Itinerary saved. It shows once Tripbazaar approves it; your website keeps the current one until then."
          : "Itinerary saved";
    }
  });

function AddonPage({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="dash-main">
      <h1>Add-ons and itinerary</h1>
      <p className="muted">
        Optional extras travellers can add when they book, priced per person, per booking or per night; and each package's day-by-day
        itinerary, shown on its page.
      </p>
      {children}
    </main>
  );
}

export default function Page() {
  const { addons, packages } = useLoaderData<typeof loader>();
  return (
    <AddonPage>
      <PageContent>
        <div className="stack catalogue">
          <AddonsSection addons={addons} packages={packages} />
          <section className="stack" aria-labelledby="itineraries-title">
            <h2 id="itineraries-title">Itineraries</h2>
            {packages.length === 0 ? <p className="muted">Add a package first.</p> : null}
            {packages.map((p) => (
              <details key={p.id} className="card stack">
                <summary>
                  {p.name} ({p.itinerary.length} {p.itinerary.length === 1 ? "day" : "days"} written)
                </summary>
                <ItineraryEditor pkg={p} />
              </details>
            ))}
          </section>
        </div>
      </PageContent>
    </AddonPage>
  );
}

export function ErrorBoundary() {
  return (
    <LoadErrorBoundary>
      <AddonPage>
        <LoadFailed fallback="Failed to load your add-ons." serverMessage={false} />
      </AddonPage>
    </LoadErrorBoundary>
  );
}
