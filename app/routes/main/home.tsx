import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MainHome } from "~/components/main-home";
import { featuredCatalog } from "@worker/domain/catalog/service";

export const meta: MetaFunction = () => [
  { title: "Tripbazaar" },
  { name: "description", content: "Book tour packages, flights and hotels with travel agents across India." },
];

const TABS = ["holidays", "flights", "hotels", "buses"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const asked = new URL(request.url).searchParams.get("tab");
  const tab = TABS.find((t) => t === asked) ?? "holidays";
  return { featured: await featuredCatalog(context.db, context.load), tab };
}

export default function Home() {
  const { featured, tab } = useLoaderData<typeof loader>();
  return <MainHome featured={featured} tab={tab} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
