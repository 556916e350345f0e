import { type ClientRequestOptions, hc } from "hono/client";
import type { AppType } from "./app";

/**
 * The typed API client: paths, inputs and JSON answers are inferred from the routes themselves
 * (`AppType`), never written by hand. Importing this module brings only Hono's small client into a
 * bundle; the app is imported as a type.
 *
 *   const api = createApiClient();
 *   const res = await api.api["seller-admin"].packages.$get();
 *   if (res.ok) (await res.json()).packages; // typed
 */
export const createApiClient = (baseUrl = "/", options?: ClientRequestOptions) => hc<AppType>(baseUrl, options);

export type ApiClient = ReturnType<typeof createApiClient>;
export type { AppType };
