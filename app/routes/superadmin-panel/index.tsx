import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { countRequests } from "@worker/domain/seller-requests/service";
import { SUPERADMIN_NAV } from "~/components/dashboard/superadmin-shell";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { signedInData, signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Superadmin panel | Tripbazaar" }];
export const headers = () => signedInHeaders;

/** The applications waiting for review, counted beside the session check (one D1 round trip). */
export async function loader({ context }: LoaderFunctionArgs) {
  return signedInData(context, "superadmin", async () => ({ pending: await countRequests(context, "pending") }));
}

/** The panel's screens (its navigation) as cards: the built ones link, the rest say they are coming. */
const SCREENS = SUPERADMIN_NAV.filter((s) => s.to !== "/superadmin-panel");

export default function Page() {
  const { pending } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="dash-main">
      <h1>Superadmin panel</h1>
      <ul className="dash-cards">
        {SCREENS.map((s) => (
          <li key={s.to} className="card stack">
            <h2>{s.built ? <Link to={s.to}>{s.label}</Link> : s.label}</h2>
            {s.to.endsWith("/requests") ? (
              <p className="muted" role="status">{`${pending} waiting for review`}</p>
            ) : (
              <p className="muted">{s.note}</p>
            )}
          </li>
        ))}
      </ul>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
