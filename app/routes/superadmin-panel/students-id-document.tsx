import { studentDocumentLoader } from "~/components/students/student-queue.server";

/**
 * A waiting student ID as sent (issue 28), opened from the superadmin's queue. SECURITY: the superadmin only; the
 * document is served with no-store, nosniff and a sandbox, and is gone once decided.
 */
export const loader = studentDocumentLoader;
