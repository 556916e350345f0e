import { Hono } from "hono";
import type { ApiEnv } from "../../api/app-env";

/** /api/bookings — issue #5. */
export const bookingRoutes = new Hono<ApiEnv>();
