import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { countRequests } from "@worker/domain/seller-requests/service";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { signedInData, signedInHeaders } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Superadmin panel | Tripbazaar" }];
export const headers = () => signedInHeaders;

/** The applications waiting for review, counted beside the session check (one D1 round trip). */
export async function loader({ context }: LoaderFunctionArgs) {
  return signedInData(context, "superadmin", async () => ({ pending: await countRequests(context, "pending") }));
}

/** Spec §1 lists the panel's screens; the ones with behaviour link here, the rest say so. */
const SCREENS = [
  { to: "/superadmin-panel/requests", label: "Seller requests", built: true, note: "" },
  { to: "/superadmin-panel/domains", label: "Custom domains", built: true, note: "Activate sellers' own domains." },
  { to: "/superadmin-panel/users", label: "Users", built: true, note: "Find accounts; disable or enable them." },
  { to: "/superadmin-panel/seller-packages", label: "Seller packages", built: false, note: "Coming soon." },
  { to: "/superadmin-panel/edits", label: "Edits", built: false, note: "Coming soon." },
  { to: "/superadmin-panel/settings", label: "Settings", built: false, note: "Coming soon." },
];

export default function Page() {
  const { pending } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="container page stack">
      <h1>Superadmin panel</h1>
      <ul className="grid-cards plain-list">
        {SCREENS.map((s) => (
          <li key={s.to} className="card stack">
            <h2 style={{ margin: 0, fontSize: "2rem" }}>{s.built ? <Link to={s.to}>{s.label}</Link> : s.label}</h2>
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
