import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { hotelBody, roomTypeBody } from "@worker/domain/catalogue/schemas";
import {
  addHotel,
  addRoomType,
  editHotel,
  editRoomType,
  readHotels,
  removeHotel,
  removeRoomType,
  setHotelPackages,
} from "@worker/domain/catalogue/service";
import { catalogueAction } from "~/components/catalogue/catalogue-action.server";
import { HotelsScreen } from "~/components/catalogue/hotels";
import { PageContent } from "~/components/load-state";
import { LoadErrorBoundary, LoadFailed } from "~/components/ui/load-failed";
import { signedInData, signedInHeaders } from "~/lib/session.server";
import "~/components/catalogue/catalogue-dashboard.css";

export const meta: MetaFunction = () => [{ title: "Hotels · Seller dashboard | Tripbazaar" }];
export const headers = () => signedInHeaders;

/** The seller's hotels, room types and packages, read with the session check: one D1 round trip. */
export const loader = ({ context }: LoaderFunctionArgs) => signedInData(context, "seller", (sellerId) => readHotels(context, sellerId));

export const action = ({ request, context }: ActionFunctionArgs) =>
  catalogueAction(request, context, async ({ sellerId, intent, fields, all, photo }) => {
    const { db, config } = context;
    switch (intent) {
      case "add-hotel": {
        const input = hotelBody.parse(fields);
        await addHotel(db, config, sellerId, { ...input, image: (await photo("photo")) ?? null });
        return "Hotel added";
      }
      case "edit-hotel": {
        const input = hotelBody.parse(fields);
        await editHotel(db, config, sellerId, fields.id ?? "", { ...input, image: (await photo("photo")) ?? null });
        return "Hotel saved";
      }
      case "delete-hotel":
        await removeHotel(db, config, sellerId, fields.id ?? "");
        return "Hotel deleted";
      case "add-room":
        await addRoomType(db, config, sellerId, roomTypeBody.parse(fields));
        return "Room type added";
      case "edit-room":
        await editRoomType(db, config, sellerId, fields.id ?? "", roomTypeBody.parse(fields));
        return "Room type saved";
      case "delete-room":
        await removeRoomType(db, config, sellerId, fields.id ?? "");
        return "Room type removed";
      case "hotel-packages":
        await setHotelPackages(db, config, sellerId, fields.id ?? "", all("packageIds"));
        return "Packages saved";
    }
  });

function HotelsPage({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="dash-main">
      <h1>Hotels</h1>
      <p className="muted">
        Your hotels and their room types. Offered on a package, travellers choose the hotel and room type when they book, priced per room
        per night.
      </p>
      {children}
    </main>
  );
}

export default function Page() {
  const { hotels, packages } = useLoaderData<typeof loader>();
  return (
    <HotelsPage>
      <PageContent>
        <HotelsScreen hotels={hotels} packages={packages} />
      </PageContent>
    </HotelsPage>
  );
}

export function ErrorBoundary() {
  return (
    <LoadErrorBoundary>
      <HotelsPage>
        <LoadFailed fallback="Failed to load your hotels." serverMessage={false} />
      </HotelsPage>
    </LoadErrorBoundary>
  );
}
