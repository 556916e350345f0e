import { z } from "zod";
import { ROLES } from "@db/users";
import { instant } from "./common";

/** An account as the superadmin sees it. */
export const account = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  isVerified: z.boolean(),
  status: z.enum(["active", "disabled"]),
  createdAt: instant,
});

/** An email in the development outbox: `pending` until the queue's consumer has delivered (printed) it (ADR 0039). */
export const sentEmail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(["pending", "sending", "sent", "dead"]),
  createdAt: instant,
});

const jsonObject = z.record(z.unknown());

/** The outline of an OpenAPI 3.1 document; the OpenAPI Initiative's own schema says the rest. */
export const openApiDocument = z
  .object({
    openapi: z.literal("3.1.0"),
    info: z.object({ title: z.string(), version: z.string(), description: z.string() }),
    tags: z.array(z.object({ name: z.string(), description: z.string() })),
    paths: z.record(z.record(jsonObject)),
    components: z.object({ schemas: z.record(jsonObject), responses: z.record(jsonObject), securitySchemes: z.record(jsonObject) }),
  })
  .describe("An OpenAPI 3.1 document");
