import type { AgnosticDataRouteObject } from "@remix-run/router";

/** A small route tree shaped like a seller site's, for the tests of our router and Remix patches. */
export const siteRouteTree = (): AgnosticDataRouteObject[] => [
  {
    id: "root",
    path: "",
    children: [
      {
        id: "site",
        path: "seller/:sellerId/website",
        children: [
          { id: "landing", index: true },
          { id: "package", path: "package/:packageId" },
        ],
      },
      { id: "about", path: "about" },
      { id: "CaseSensitive", path: "Exact", caseSensitive: true },
      { id: "catch-all", path: "*" },
    ],
  },
];
