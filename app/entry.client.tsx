import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// The server's HTML is complete, so it is painted first and hydrated right after: the module scripts are async
// and may finish loading before the first paint, and hydrating then would hold that paint back.
if (document.readyState === "loading")
  document.addEventListener("DOMContentLoaded", () => requestAnimationFrame(() => setTimeout(hydrate, 0)));
else requestAnimationFrame(() => setTimeout(hydrate, 0));
