import type { Db } from "../../db/client";
import type { AppConfig } from "../../env";
import { enqueueFollowUps } from "../follow-ups/outbox";
import { cancelBooking, decideBooking, followUpIds } from "./service";
import { badRequest } from "../errors";
import { APPROVED_BY_SELLER, REASON_REQUIRED } from "./schemas";

/**
 * The seller's answer to a pending request (ADR 0009). `message` is what the seller wrote: a rejection's reason
 * (required by its schema), an approval's optional note. An approval without one records APPROVED_BY_SELLER, and its
 * email quotes no message. The answer waits for the decision's one D1 batch only; the refund a rejection owes and
 * the customer's email are the queue's work (ADR 0039), so a slow provider never slows the seller's click.
 */
export async function respondToBooking(
  db: Db,
  config: AppConfig,
  sellerId: string,
  id: string,
  decision: "approved" | "rejected",
  message: string | undefined,
  now: Date,
) {
  const written = message?.trim() || undefined;
  if (decision === "rejected" && !written) throw badRequest(REASON_REQUIRED);
  const booking = await decideBooking(db, sellerId, id, decision, written ?? APPROVED_BY_SELLER, now, written ?? null);
  await enqueueFollowUps(config, [followUpIds(id).answer]);
  return booking;
}

/** The customer cancels their own booking before it starts; the refund the policy gives and both sides' emails follow on the queue. */
export async function cancelAsCustomer(db: Db, config: AppConfig, userId: string, id: string, now: Date) {
  const booking = await cancelBooking(db, userId, id, now);
  const ids = followUpIds(id);
  await enqueueFollowUps(config, [ids.cancelledToCustomer, ids.cancelledToSeller]);
  return booking;
}
