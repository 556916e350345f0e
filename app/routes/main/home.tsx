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

export async function loader({ context }: LoaderFunctionArgs) {
  // The price note's percentages are the platform's settings, read in the same batch.
  const [featured, settings] = await Promise.all([featuredCatalog(context.db, context.load), readPlatformSettings(context)]);
  return { featured, note: perPersonNote(settings) };
}

export default function Home() {
  const { featured, note } = useLoaderData<typeof loader>();
  return <MainHome featured={featured} note={note} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
