import { Hono } from "hono";
import { z } from "zod";
import { clientIp } from "../../client-ip";
import type { SignedInEnv } from "../guard";
import { describeRoute } from "../route-info";
import { count, done, instant, ok, pageSizePagination } from "../responses/common";
import { validate } from "../validate";
import { auditListQuery, listAuditEntries } from "../../domain/audit/list";
import { readPlatformSettings } from "../../domain/platform/settings";
import { settingsBody, settingsSaved, updatePlatformSettings } from "../../domain/platform/settings-admin";

const settings = z.object({
  discountPercent: count,
  bookingFeePercent: count,
  maxTravellers: count,
  childrenDiscountPercent: count,
  studentDiscountPercent: count,
  packagesNeedApproval: z.boolean(),
});

const auditEntry = z.object({
  id: z.string(),
  actorId: z.string(),
  actorRole: z.string(),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: instant,
});

/**
 * /api/superadmin/settings and /api/superadmin/audit — the platform's rules (spec §9's constants, issue 28) and the
 * append-only log of every admin action.
 * SECURITY: mounted only inside superadminRoutes, whose guard lets only a superadmin through.
 */
export const superadminPlatformRoutes = new Hono<SignedInEnv>()
  .get(
    "/settings",
    describeRoute({ summary: "The platform's rules", responses: { 200: z.object({ success: ok, settings }) } }),
    async (c) => c.json({ success: true, settings: await readPlatformSettings(c.var) }),
  )
  .put(
    "/settings",
    describeRoute({
      summary: "Change the platform's rules",
      description:
        "Every field at once. Pricing uses the new figures from the next request; existing bookings keep theirs. The change and its audit entry (before and after) are written in one D1 batch.",
      responses: { 200: done.extend({ settings }) },
    }),
    validate("json", settingsBody),
    async (c) => {
      const actor = { id: c.var.userId, role: "superadmin", ip: clientIp(c.req.raw) };
      const { settings: saved, changed } = await updatePlatformSettings(c.var.db, actor, c.req.valid("json"), c.var.now);
      return c.json({ success: true, settings: saved, message: settingsSaved(changed) });
    },
  )
  .get(
    "/audit",
    describeRoute({
      summary: "The audit log, newest first",
      description: "Filter by action, actor, target and a range of days (India time). Entries cannot be changed or deleted.",
      responses: {
        200: z.object({ success: ok, entries: z.array(auditEntry), actions: z.array(z.string()), pagination: pageSizePagination }),
      },
    }),
    validate("query", auditListQuery),
    async (c) => c.json({ success: true, ...(await listAuditEntries(c.var, c.req.valid("query"))) }),
  );
