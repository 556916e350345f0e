/** What the FOLLOW_UPS queue carries: the id of the outbox row that records the work (ADR 0039). */
export type FollowUpMessage = { id: string };

/** The queues' names, as wrangler.toml creates them: the follow-ups, and where a message goes after its last retry. */
export const FOLLOW_UPS_QUEUE = "tripbazaar-follow-ups";
export const DEAD_LETTER_QUEUE = "tripbazaar-follow-ups-dead";
