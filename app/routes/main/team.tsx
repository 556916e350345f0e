import type { MetaFunction } from "@remix-run/cloudflare";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MainTeamPage } from "~/components/main/team";

export const meta: MetaFunction = () => [
  { title: "Team | Tripbazaar" },
  { name: "description", content: "Who runs Tripbazaar and what each part of the team does for travellers and travel agents." },
];

export default function Page() {
  return <MainTeamPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
