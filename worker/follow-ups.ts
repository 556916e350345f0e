import { createDb } from "./db/client";
import { imagesBindingResizer } from "./images/resizer";
import { type Env, readConfig } from "./env";
import { handleFollowUp, markDead } from "./domain/follow-ups/deliver";
import { DEAD_LETTER_QUEUE, type FollowUpMessage } from "./domain/follow-ups/message";

/** The wait before the next try: the configured first delay, doubled each time, at most an hour. */
export const retryDelaySeconds = (base: number, attempts: number) => Math.min(3600, Math.round(base * 2 ** Math.max(0, attempts - 1)));

/**
 * The Worker's `queue()` handler (ADR 0039). On the main queue each message is one outbox row to deliver, one at a
 * time (two follow-ups of one booking never ask the payment provider for its refund at once); a failure retries that
 * message alone, later each time. On the dead-letter queue the row is marked dead, for the superadmin panel.
 */
export async function consumeFollowUps(batch: MessageBatch<FollowUpMessage>, env: Env): Promise<void> {
  const db = createDb(env.DB);
  const config = readConfig(env);
  const images = env.IMAGES ? imagesBindingResizer(env.IMAGES) : undefined;
  if (batch.queue === DEAD_LETTER_QUEUE) {
    for (const message of batch.messages) {
      await markDead(db, message.body.id, null);
      console.warn(`follow-up ${message.body.id} is dead: its retries ran out`);
      message.ack();
    }
    return;
  }
  for (const message of batch.messages) {
    try {
      await handleFollowUp(db, config, message.body.id, new Date(), { media: env.MEDIA, images });
      message.ack();
    } catch (error) {
      const delaySeconds = retryDelaySeconds(config.FOLLOW_UP_RETRY_SECONDS, message.attempts);
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      console.warn(`follow-up ${message.body.id} failed (try ${message.attempts}), retried in ${delaySeconds} s: ${reason}`);
      message.retry({ delaySeconds });
    }
  }
}
