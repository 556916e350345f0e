import { Link, isRouteErrorResponse, useRevalidator, useRouteError } from "@remix-run/react";
import { useSiteLinks } from "~/lib/site-links";

type Handlers = Partial<Record<number, (error: { status: number; data: unknown }) => React.ReactNode>>;

export function messageOf(data: unknown, fallback: string) {
  if (typeof data === "string" && data) return data;
  if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
  return fallback;
}

/** Spec's error state: Try Again loads the page's data again (revalidation), without a full reload. */
export function TryAgain() {
  const revalidator = useRevalidator();
  return (
    <p>
      <button type="button" className="btn" disabled={revalidator.state !== "idle"} onClick={() => revalidator.revalidate()}>
        {revalidator.state === "idle" ? "Try Again" : "Loading..."}
      </button>
    </p>
  );
}

/** The one error boundary every route uses; per-status handlers override the default text. */
export function GeneralErrorBoundary({ statusHandlers = {} }: { statusHandlers?: Handlers }) {
  const error = useRouteError();
  // Inside a seller site, "home" is the site's landing, not the platform's.
  const { href } = useSiteLinks();
  if (isRouteErrorResponse(error)) {
    const custom = statusHandlers[error.status];
    if (custom) return <>{custom(error)}</>;
    // The router's own errors (no route matched, a path that could not be decoded) are not messages for a visitor.
    const data = (error as { internal?: boolean }).internal ? null : error.data;
    const title = error.status === 404 ? messageOf(data, "Page not found") : messageOf(data, "Something went wrong");
    return (
      <main className="container page" id="main">
        <div className="card stack" role="alert">
          <h1>{title}</h1>
          <p className="muted">Error {error.status}</p>
          {error.status >= 500 ? <TryAgain /> : null}
          <p>
            <Link to={href("/")}>Go to the home page</Link>
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
