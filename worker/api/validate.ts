import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodSchema } from "zod";
import { validationError } from "./errors";
import { registerRouteInfo } from "./route-info";

/**
 * zValidator with our error shape: 422 and the list of issues. Malformed JSON is a 400 from Hono.
 * The schema is registered on the middleware, so /api/openapi.json documents the schema that runs.
 */
export const validate = <T extends ZodSchema, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  registerRouteInfo(
    zValidator(target, schema, (result) => {
      if (!result.success) throw validationError(result.error as never);
    }),
    { kind: "validate", target, schema },
  );
