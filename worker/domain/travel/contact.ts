import { eq } from "drizzle-orm";
import { users } from "@db/schema";
import type { Reader } from "../../db/batcher";

/** A traveller's email and phone as their account holds them, to prefill a booking's contact (read in the page's batch). */
export async function travellerContact({ db, load }: Reader, userId: string) {
  const [row] = await load(db.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, userId)).limit(1));
  return row ? { email: row.email, phone: row.phone ?? "" } : null;
}
