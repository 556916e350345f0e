import { useRevalidator } from "@remix-run/react";

/** Per-status replacements for the error page's default text (GeneralErrorBoundary's `statusHandlers`). */
export type ErrorHandlers = Partial<Record<number, (error: { status: number; data: unknown }) => React.ReactNode>>;

/** What an error page is called, by its status: the heading's fallback and the document's title. */
export function errorTitle(status: number) {
  if (status === 404) return "Page not found";
  if (status === 403) return "Access denied";
  if (status === 401) return "Please sign in";
  return "Something went wrong";
}

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
