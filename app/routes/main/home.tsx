import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MainHome } from "~/components/main-home";
import { featuredCatalog } from "@worker/domain/catalog/service";

export const meta: MetaFunction = () => [
  { title: "Tripbazaar" },
  { name: "description", content: "Book tour packages, flights and hotels with travel agents across India." },
];

export async function loader({ context }: LoaderFunctionArgs) {
  return { featured: await featuredCatalog(context.db, context.load) };
}

export default function Home() {
  const { featured } = useLoaderData<typeof loader>();
  return <MainHome featured={featured} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
