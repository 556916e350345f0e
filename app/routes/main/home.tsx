import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MainHome } from "~/components/main-home";
import { featuredCatalog } from "@worker/domain/catalog/service";
import { perPersonNote } from "@worker/domain/bookings/price-terms";
import { readPlatformSettings } from "@worker/domain/platform/settings";

export const meta: MetaFunction = () => [
  { title: "Tripbazaar" },
  { name: "description", content: "Book tour packages, flights and hotels with travel agents across India." },
];

const TABS = ["holidays", "flights", "hotels", "buses"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get("tab");
  const tab = TABS.find((t) => t === asked) ?? "holidays";
  // The price note's percentages are the platform's settings, read in the same batch.
  const [featured, settings] = await Promise.all([featuredCatalog(context.db, context.load), readPlatformSettings(context)]);
  return { featured, note: perPersonNote(settings), tab };
}

export default function Home() {
  const { featured, note, tab } = useLoaderData<typeof loader>();
  return <MainHome featured={featured} note={note} tab={tab} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
