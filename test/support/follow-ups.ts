import type { TestWorker } from "./worker";

/**
 * Waits until the Worker's FOLLOW_UPS queue has handled the follow-ups written so far (ADR 0039): none is pending or
 * being sent. A decision answers before its refund is made and its email written, so a test that reads either waits
 * here first. `bookingId` waits for that booking's follow-ups only (a test that lost a message on purpose leaves a
 * row pending until the scheduled run). Dead messages count as handled.
 */
export async function followUpsDone(w: TestWorker, bookingId?: string, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await w.d1
      .prepare(
        "SELECT count(*) AS n FROM outbox WHERE status IN ('pending', 'sending') AND (?1 IS NULL OR id IN ('fu_answer_' || ?1, 'fu_cancel_seller_' || ?1, 'fu_cancel_customer_' || ?1))",
      )
      .bind(bookingId ?? null)
      .first<{ n: number }>();
    if (row?.n === 0) return;
    if (Date.now() > until) throw new Error(`${row?.n} follow-up(s) still waiting after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** An outbox row's state, as the consumer left it. */
export async function followUpState(w: TestWorker, id: string) {
  return w.d1
    .prepare('SELECT status, attempts, error, "to", subject FROM outbox WHERE id = ?')
    .bind(id)
    .first<{ status: string; attempts: number; error: string | null; to: string; subject: string }>();
}
