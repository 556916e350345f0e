import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodSchema } from "zod";
import { validationError } from "./errors";

/** zValidator with our error shape: 422 and the list of issues. Malformed JSON is a 400 from Hono. */
export const validate = <T extends ZodSchema, Target extends keyof ValidationTargets>(target: Target, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error as never);
  });
