import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { GeneralErrorBoundary, TryAgain, messageOf } from "~/components/error-boundary";

/**
 * The error state of a screen whose data did not load (spec §8): the server's message, else the
 * screen's own fallback text (always that text with `serverMessage={false}`), and Try Again (it
 * loads the page's data again).
 */
export function LoadFailed({ fallback, serverMessage = true }: { fallback: string; serverMessage?: boolean }) {
  const error = useRouteError();
  const message = serverMessage && isRouteErrorResponse(error) ? messageOf(error.data, fallback) : fallback;
  return (
    <div className="card stack" role="alert">
      <p>{message}</p>
      <TryAgain />
    </div>
  );
}

/**
 * A page's error boundary: a failed load (a server error, D1 busy, and any status in `also`) shows
 * `children`, the screen's own failure state; other answers (a bad address, no permission) are the
 * general error page.
 */
export function LoadErrorBoundary({ children, also = [] }: { children: React.ReactNode; also?: number[] }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status < 500 && !also.includes(error.status)) return <GeneralErrorBoundary />;
  return <>{children}</>;
}
