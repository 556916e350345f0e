import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { platformSettings, sellers } from "@db/schema";
import type { Db } from "../../db/client";
import { type AuditActor, auditInsert } from "../audit/entry";
import { type PlatformSettings, readPlatformSettings } from "./settings";
import { loadDirect } from "../../db/batcher";

/** A form's number: an empty field is a missing one, not 0; text stays text, so it is refused as not a number. */
const wholeNumber = (name: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number.isNaN(Number(v)) ? v : Number(v)) : v),
    z
      .number({ required_error: `${name} is required`, invalid_type_error: `${name} must be a number` })
      .int(`${name} must be a whole number`),
  );

/** A whole percentage between 0 and `max`, said in the field's own words when it is not one. */
const percent = (name: string, max: number) =>
  wholeNumber(name).pipe(z.number().min(0, `${name} cannot be below 0%`).max(max, `${name} cannot be above ${max}%`));

/** A form's checkbox ("on" when ticked, absent when not) or the API's boolean. */
const onOff = z.union([z.boolean(), z.enum(["on", "true", "false"]).transform((v) => v !== "false")]);

/**
 * The settings as the operator sends them (spec §9's constants, issue 28): every field, the bounds the table's CHECK
 * constraints hold (migration 0016), so a refused value is a 422 with the field's reason and never reaches D1.
 */
export const settingsBody = z.object({
  discountPercent: percent("The discount", 90),
  bookingFeePercent: percent("The booking fee", 50),
  maxTravellers: wholeNumber("Maximum travellers").pipe(
    z.number().min(1, "At least 1 traveller must be bookable").max(50, "Maximum travellers cannot be above 50"),
  ),
  childrenDiscountPercent: percent("The children's discount", 100),
  studentDiscountPercent: percent("The student discount", 90),
  packagesNeedApproval: onOff.default(false),
});
export type SettingsInput = z.output<typeof settingsBody>;

const KEYS = Object.keys(settingsBody.shape) as (keyof PlatformSettings)[];

/** Only the fields that changed, as the audit entry's before and after show them. */
function changes(before: PlatformSettings, after: PlatformSettings) {
  const changed = KEYS.filter((k) => before[k] !== after[k]);
  return {
    before: Object.fromEntries(changed.map((k) => [k, before[k]])),
    after: Object.fromEntries(changed.map((k) => [k, after[k]])),
    changed,
  };
}

/**
 * Writes the platform's rules and their audit entry in one D1 batch: both or neither. Pricing reads the row on every
 * request, so the change applies from the next one; bookings keep the terms they were priced with.
 * Nothing changed: nothing written, no entry.
 */
export async function updatePlatformSettings(db: Db, actor: AuditActor, input: SettingsInput, now = new Date()) {
  const before = await readPlatformSettings({ db, load: loadDirect });
  const after: PlatformSettings = { ...input };
  const diff = changes(before, after);
  if (diff.changed.length === 0) return { settings: after, changed: [] as string[] };
  // Seller sites' cached pages state the percentages (their price notes): a change of them is a new version of every
  // site, so no cached copy keeps the old figures past the version pointer's minute (ADR 0007).
  const notesChange = diff.changed.includes("discountPercent") || diff.changed.includes("bookingFeePercent");
  await db.batch([
    db
      .update(sellers)
      .set({ contentVersion: sql`${sellers.contentVersion} + 1` })
      .where(sql`${notesChange ? 1 : 0} = 1`),
    db
      .insert(platformSettings)
      .values({ id: "platform", ...after, updatedAt: now.toISOString(), updatedBy: actor.id })
      .onConflictDoUpdate({ target: platformSettings.id, set: { ...after, updatedAt: now.toISOString(), updatedBy: actor.id } }),
    auditInsert(
      db,
      actor,
      { action: "settings.update", targetType: "platform_settings", targetId: "platform", before: diff.before, after: diff.after },
      now,
    ),
  ]);
  return { settings: after, changed: diff.changed as string[] };
}

export const settingsSaved = (changed: readonly string[]) =>
  changed.length === 0 ? "Nothing changed" : `Settings saved (${changed.length} ${changed.length === 1 ? "change" : "changes"})`;

/** The row's last change, for the page: when and by whom. */
export const settingsStamp = (db: Db) =>
  db
    .select({ updatedAt: platformSettings.updatedAt, updatedBy: platformSettings.updatedBy })
    .from(platformSettings)
    .where(eq(platformSettings.id, "platform"));
