import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * A guest-only page's loader sends a signed-in visitor to / (`guestOnly`). After the page's own sign-in post it
 * must not run again: the page says "Login successful! Redirecting..." and goes on by itself (spec §4). The
 * layout's loaders still run, so the header follows the new cookie.
 */
export const afterOwnPost: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;
