import { useLocation, useNavigation } from "@remix-run/react";

/**
 * True while a link or filter change is loading another page of this area (never while an action
 * revalidates the page in place): the spec's "Loading..." state during client transitions.
 */
export function useTransitionLoading() {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === "loading" && !navigation.formMethod && navigation.location.key !== location.key;
}

/** A signed-in area's content: "Loading..." while the next page of the area loads. */
export function PageContent({ children, label }: { children: React.ReactNode; label?: string }) {
  return useTransitionLoading() ? <LoadingCard label={label} /> : children;
}

/** The loading and failed states of a screen. */
export function LoadingCard({ label = "Loading..." }: { label?: string }) {
  return (
    <div className="card" role="status">
      {label}
    </div>
  );
}
