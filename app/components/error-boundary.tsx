import { Suspense, lazy } from "react";
import { ErrorPage } from "./error-page";
import type { ErrorHandlers } from "./error-state";

export { TryAgain, messageOf, type ErrorHandlers } from "./error-state";

/**
 * The one error boundary every route uses. Its page is its own chunk in the browser (ADR 0034): few visits need
 * it, so the scripts every page loads first do not carry it. The server renders it at once; a page that hydrates
 * with an error keeps the server's markup until the chunk arrives.
 */
const Page = import.meta.env.SSR ? ErrorPage : lazy(() => import("./error-page").then((m) => ({ default: m.ErrorPage })));

export function GeneralErrorBoundary(props: { statusHandlers?: ErrorHandlers }) {
  return (
    <Suspense fallback={null}>
      <Page {...props} />
    </Suspense>
  );
}
