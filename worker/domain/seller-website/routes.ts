import { Hono } from "hono";
import type { ApiEnv } from "../../api/app-env";

/** /api/seller-website — issue #4. */
export const sellerWebsiteRoutes = new Hono<ApiEnv>();
