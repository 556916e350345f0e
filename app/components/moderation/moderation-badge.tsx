/** A package's review state as the operator and its seller read it (ADR 0048). */
export function ModerationBadge({
  moderation,
  status,
}: {
  moderation: "pending" | "approved" | "rejected";
  status: "draft" | "published";
}) {
  if (moderation === "pending") return <span className="badge badge-pending">Waiting for review</span>;
  if (moderation === "rejected") return <span className="badge badge-rejected">Rejected</span>;
  return <span className={`badge badge-${status}`}>{status === "published" ? "Live" : "Approved · draft"}</span>;
}
