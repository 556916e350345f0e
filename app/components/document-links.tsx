import type { LinkDescriptor } from "@remix-run/cloudflare";
import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { createContext, useContext, useState } from "react";

/**
 * The client build's stylesheets by address, provided to the server render only (app/entry.server.tsx, ADR 0034);
 * empty in the browser.
 */
const InlineStylesContext = createContext<Readonly<Record<string, string>>>({});
export const InlineStylesProvider = InlineStylesContext.Provider;

/**
 * Remix's `<Links />` (the matched routes' `links` and their imported CSS, in the same order), except that a
 * document carries its stylesheets inline: nothing but the document stands between a visitor and the first paint.
 */
export function DocumentLinks() {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  if (!remix) return null;
  const seen = new Set<string>();
  const links: JSX.Element[] = [];
  for (const match of matches) {
    const css: LinkDescriptor[] = (remix.manifest.routes[match.id]?.css ?? []).map((href) => ({ rel: "stylesheet", href }));
    for (const link of [...css, ...(remix.routeModules[match.id]?.links?.() ?? [])]) {
      const key = JSON.stringify(link);
      if (seen.has(key)) continue;
      seen.add(key);
      // No route of ours prefetches pages through `links` (`{ page }`); Remix's `<PrefetchPageLinks>` would cost
      // every page its code, so such a descriptor renders nothing here.
      if ("page" in link) continue;
      if (link.rel === "stylesheet" && link.href) links.push(<Stylesheet key={key} href={link.href} />);
      else links.push(<link key={key} {...link} />);
    }
  }
  return <>{links}</>;
}

/**
 * On the server, a stylesheet of the build is a `<style>` with its text. In the browser, a stylesheet the server
 * inlined keeps its `<style>`: React does not compare `dangerouslySetInnerHTML` when hydrating, and the empty text
 * given here never changes, so React never writes it. A stylesheet that arrives with a client navigation is a link.
 */
function Stylesheet({ href }: { href: string }) {
  const css = useContext(InlineStylesContext)[href];
  const [inline] = useState(
    () => css !== undefined || (typeof document !== "undefined" && document.querySelector(`style[data-href="${href}"]`) !== null),
  );
  return inline ? (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: our own build's CSS (virtual:client-stylesheets), never user input
    <style data-href={href} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css ?? "" }} />
  ) : (
    <link rel="stylesheet" href={href} />
  );
}
