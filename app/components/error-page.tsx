import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useSiteLinks } from "~/lib/site-links";
import { type ErrorHandlers, TryAgain, errorTitle, messageOf } from "./error-state";

/** What the one error boundary shows (error-boundary.tsx); per-status handlers override the default text. */
export function ErrorPage({ statusHandlers = {} }: { statusHandlers?: ErrorHandlers }) {
  const error = useRouteError();
  // Inside a seller site the way back is the site's own pages.
  const links = useSiteLinks();
  if (isRouteErrorResponse(error)) {
    const custom = statusHandlers[error.status];
    if (custom) return <>{custom(error)}</>;
    // The router's own errors (no route matched, a path that could not be decoded) are not messages for a visitor.
    const data = (error as { internal?: boolean }).internal ? null : error.data;
    const title = messageOf(data, errorTitle(error.status));
    return (
      <main className="container page" id="main">
        <div className="card stack" role="alert">
          <h1>{title}</h1>
          <p className="muted">Error {error.status}</p>
          {error.status === 404 ? <p>The page you asked for is not here. It may have moved, or the address may be mistyped.</p> : null}
          {error.status === 403 ? <p>Your account cannot open this page. Sign in with the account it belongs to.</p> : null}
          {error.status >= 500 ? <TryAgain /> : null}
          <p className="row">
            <Link to={links.href("/")}>Go to the home page</Link>
            {error.status === 404 ? <Link to={links.href(links.site ? "/package/all" : "/tours/search")}>Browse tour packages</Link> : null}
          </p>
        </div>
      </main>
    );
  }
  if (typeof document !== "undefined") console.error(error);
  return (
    <main className="container page" id="main">
      <div className="card stack" role="alert">
        <h1>Something went wrong</h1>
        <p className="muted">Please try again in a moment.</p>
        <TryAgain />
      </div>
    </main>
  );
}
