import { z } from "zod";
import { MAX_CAPACITY, MAX_CUTOFF_HOURS } from "./view";
import { isCalendarDate } from "../../shared/calendar-date";

export const CAPACITY_MESSAGE = `Seats must be a whole number from 1 to ${MAX_CAPACITY}`;
export const CUTOFF_MESSAGE = `The booking cut-off must be a whole number of hours from 0 to ${MAX_CUTOFF_HOURS} (30 days) before the start`;
export const MIN_GROUP_MESSAGE = "The minimum group size must be a whole number from 1 up to the seats";
export const DATE_MESSAGE = "Please give the departure date as a date like 2026-12-31";

const whole = (message: string, min: number, max: number) =>
  z.coerce.number({ invalid_type_error: message }).int(message).min(min, message).max(max, message);

/** An empty form field is "not given". */
const blankless = (v: unknown) => (v === "" || v === null ? undefined : v);

const settings = {
  capacity: z
    .preprocess(blankless, whole(CAPACITY_MESSAGE, 1, MAX_CAPACITY).optional())
    .refine((v) => v !== undefined, CAPACITY_MESSAGE)
    .transform((v) => v as number),
  cutoffHours: z.preprocess(blankless, whole(CUTOFF_MESSAGE, 0, MAX_CUTOFF_HOURS).default(0)),
  minGroup: z.preprocess(blankless, whole(MIN_GROUP_MESSAGE, 1, MAX_CAPACITY).nullable().default(null)),
  status: z.enum(["open", "closed"], { errorMap: () => ({ message: "A departure is open or closed" }) }).default("open"),
};

const groupFits = (d: { capacity?: number; minGroup: number | null }) => d.minGroup === null || d.minGroup <= (d.capacity ?? 0);

/** A new departure, from the dashboard's form or `POST /api/seller-admin/departures`. */
export const departureInput = z
  .object({
    packageId: z.string({ required_error: "Please choose a package" }).trim().min(1, "Please choose a package").max(100),
    startDate: z
      .string({ required_error: DATE_MESSAGE, invalid_type_error: DATE_MESSAGE })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
      .refine(isCalendarDate, DATE_MESSAGE),
    ...settings,
  })
  .refine(groupFits, { message: MIN_GROUP_MESSAGE, path: ["minGroup"] });
export type DepartureInput = z.infer<typeof departureInput>;

/** A departure's settings changed: its seats, cut-off, group size and whether it is open. Its date stays. */
export const departureChange = z.object(settings).refine(groupFits, { message: MIN_GROUP_MESSAGE, path: ["minGroup"] });
export type DepartureChange = z.infer<typeof departureChange>;
