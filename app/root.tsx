import type { LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { isRouteErrorResponse } from "@remix-run/react";
import { Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches } from "@remix-run/react";
import { Suspense, lazy, useEffect } from "react";
import { DocumentLinks } from "~/components/document-links";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { errorTitle } from "~/components/error-state";
import { useNonce } from "~/lib/nonce";
import { siteFromMatches } from "~/lib/seller-site";
import { EARLY_TOGGLE_SCRIPT } from "~/lib/early-toggle";
import { THEME_INIT_SCRIPT } from "~/lib/theme";
import { useHydrated } from "~/lib/use-hydrated";
import appStyles from "~/styles/app.css?url";
import playfair700 from "~/styles/fonts/playfair-display-700-basic.woff2?url";
import poppins400 from "~/styles/fonts/poppins-400-basic.woff2?url";
import poppins500 from "~/styles/fonts/poppins-500-basic.woff2?url";
import poppins600 from "~/styles/fonts/poppins-600-basic.woff2?url";

// Every page sets text in all four faces; their basic subsets are asked for with the document (ADR 0034).
const fontPreload = (href: string) => ({ rel: "preload", href, as: "font", type: "font/woff2", crossOrigin: "anonymous" }) as const;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appStyles },
  fontPreload(poppins400),
  fontPreload(poppins500),
  fontPreload(poppins600),
  fontPreload(playfair700),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Toasts are never part of a first paint: the toaster (and react-hot-toast) loads after hydration.
// Toasts raised before it mounts wait in react-hot-toast's store and appear when it does.
const AppToaster = lazy(() => import("~/lib/toast").then((m) => ({ default: m.AppToaster })));

function DeferredToaster({ variant }: { variant: "main" | "seller" }) {
  const hydrated = useHydrated();
  return hydrated ? (
    <Suspense fallback={null}>
      <AppToaster variant={variant} />
    </Suspense>
  ) : null;
}

/** The title of a page no deeper route names (an error answered above every page's own meta). */
export const meta: MetaFunction = ({ error }) => {
  if (!error) return [{ title: "Tripbazaar" }];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return [{ title: `${errorTitle(status)} | Tripbazaar` }];
};

export function Layout({ children }: { children: React.ReactNode }) {
  // A seller page's matches carry its site (the seller layout's data); the root needs no loader
  // of its own for this, which spares every document and data request one loader run (ADR 0016).
  const siteKind = siteFromMatches(useMatches()) ? "seller" : "main";
  const nonce = useNonce();
  return (
    <html lang="en-IN">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Constants of ours, never seller data: the stored theme, and taps on menus before hydration. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant inline script, no user input */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: THEME_INIT_SCRIPT + EARLY_TOGGLE_SCRIPT }} />
        <Meta />
        <DocumentLinks />
      </head>
      <body>
        {children}
        <DeferredToaster variant={siteKind} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function useScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change by design (spec §2)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

function useHydratedMarker() {
  // Lets tests (and CSS) know the page is interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

export default function App() {
  useScrollToTopOnNavigation();
  useHydratedMarker();
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
