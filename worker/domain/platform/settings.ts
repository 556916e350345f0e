import { eq } from "drizzle-orm";
import { platformSettings } from "@db/schema";
import { type Reader, preparedRead } from "../../db/batcher";
import type { Db } from "../../db/client";

/**
 * The platform's rules (issue 28), as pricing and the panel read them. Defaults are spec §9's (the student discount,
 * which §9 does not name, starts at 5%); the migration writes the one row with them.
 */
export type PlatformSettings = {
  discountPercent: number;
  bookingFeePercent: number;
  maxTravellers: number;
  childrenDiscountPercent: number;
  studentDiscountPercent: number;
  packagesNeedApproval: boolean;
};

export const DEFAULT_SETTINGS: PlatformSettings = {
  discountPercent: 10,
  bookingFeePercent: 18,
  maxTravellers: 12,
  childrenDiscountPercent: 0,
  studentDiscountPercent: 5,
  packagesNeedApproval: false,
};

/** The settings row's read, for a write's own `db.batch` (a request's reads use {@link readPlatformSettings}). */
export const platformSettingsQuery = (db: Db) =>
  db
    .select({
      discountPercent: platformSettings.discountPercent,
      bookingFeePercent: platformSettings.bookingFeePercent,
      maxTravellers: platformSettings.maxTravellers,
      childrenDiscountPercent: platformSettings.childrenDiscountPercent,
      studentDiscountPercent: platformSettings.studentDiscountPercent,
      packagesNeedApproval: platformSettings.packagesNeedApproval,
    })
    .from(platformSettings)
    .where(eq(platformSettings.id, "platform"));

/** The settings of {@link platformSettingsQuery}'s rows: the defaults when the row is missing. */
export const settingsOf = (rows: readonly PlatformSettings[]): PlatformSettings => rows[0] ?? DEFAULT_SETTINGS;

/** Every seller site's layout reads the settings: their SQL is built once per isolate. */
const settingsRead = preparedRead(platformSettingsQuery);

/** The settings row, read in the same D1 batch as whatever else the request reads; defaults when it is missing. */
export async function readPlatformSettings({ db, load }: Reader): Promise<PlatformSettings> {
  return settingsOf(await load(settingsRead(db, {})));
}
