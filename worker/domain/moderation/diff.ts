import type { ItineraryDay } from "@db/packages";
import { FIELD_LABELS, type ModeratedField, type ModeratedFields, fieldsOf } from "./fields";

/** A run of words that stayed, went or came. */
export type Segment = { kind: "same" | "removed" | "added"; text: string };

export type FieldDiff =
  | { field: ModeratedField; label: string; kind: "text"; segments: Segment[] }
  | { field: ModeratedField; label: string; kind: "list"; removed: string[]; added: string[]; kept: number }
  | { field: ModeratedField; label: string; kind: "images"; before: string[]; after: string[] }
  | { field: ModeratedField; label: string; kind: "days"; days: { day: number; segments: Segment[] }[] };

/** Above this many word pairs the diff shows the old and new text whole (a 5,000-character text is ~1,000 words). */
const MAX_CELLS = 2_500_000;

/**
 * A word-level diff (longest common subsequence over words and the spaces between them), merged into runs, so the
 * operator reads the change in place, wrapped at any width.
 */
export function wordDiff(before: string, after: string): Segment[] {
  const a = before.match(/\s+|[^\s]+/g) ?? [];
  const b = after.match(/\s+|[^\s]+/g) ?? [];
  if (a.length * b.length > MAX_CELLS)
    return merge([...a.map((text) => ({ kind: "removed" as const, text })), ...b.map((text) => ({ kind: "added" as const, text }))]);
  const n = a.length;
  const m = b.length;
  // lcs[i][j]: the common length of a[i..] and b[j..], one flat array.
  const lcs = new Uint32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i * (m + 1) + j] =
        a[i] === b[j] ? lcs[(i + 1) * (m + 1) + j + 1] + 1 : Math.max(lcs[(i + 1) * (m + 1) + j], lcs[i * (m + 1) + j + 1]);
  const out: Segment[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ kind: "same", text: a[i] });
      i++;
      j++;
    } else if (lcs[(i + 1) * (m + 1) + j] >= lcs[i * (m + 1) + j + 1]) out.push({ kind: "removed", text: a[i++] });
    else out.push({ kind: "added", text: b[j++] });
  }
  while (i < n) out.push({ kind: "removed", text: a[i++] });
  while (j < m) out.push({ kind: "added", text: b[j++] });
  return merge(out);
}

function merge(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const s of segments) {
    const last = out.at(-1);
    if (last && last.kind === s.kind) last.text += s.text;
    else out.push({ ...s });
  }
  return out;
}

const dayText = (d: ItineraryDay | undefined) =>
  d ? [d.title, d.details, d.overnight && `Overnight: ${d.overnight}`, d.meals && `Meals: ${d.meals}`].filter(Boolean).join(" · ") : "";

/** Field by field, what an edit changes against the live values it was sent against. */
export function editDiff(before: Partial<ModeratedFields>, changes: Partial<ModeratedFields>): FieldDiff[] {
  return fieldsOf(changes).map((field): FieldDiff => {
    const label = FIELD_LABELS[field];
    if (field === "images") return { field, label, kind: "images", before: before.images ?? [], after: changes.images ?? [] };
    if (field === "inclusions" || field === "exclusions") {
      const was = before[field] ?? [];
      const now = changes[field] ?? [];
      return {
        field,
        label,
        kind: "list",
        removed: was.filter((x) => !now.includes(x)),
        added: now.filter((x) => !was.includes(x)),
        kept: now.filter((x) => was.includes(x)).length,
      };
    }
    if (field === "itinerary") {
      const was = before.itinerary ?? [];
      const now = changes.itinerary ?? [];
      const days = Array.from({ length: Math.max(was.length, now.length) }, (_, k) => ({
        day: k + 1,
        segments: wordDiff(dayText(was[k]), dayText(now[k])),
      })).filter((d) => d.segments.some((s) => s.kind !== "same"));
      return { field, label, kind: "days", days };
    }
    return { field, label, kind: "text", segments: wordDiff(String(before[field] ?? ""), String(changes[field] ?? "")) };
  });
}
