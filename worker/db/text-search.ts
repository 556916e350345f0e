import { type Placeholder, type SQL, or, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";

/** The longest search term we match on; longer input is cut to its first words (ADR 0021). */
export const SEARCH_TERM_MAX = 100;

/**
 * Trimmed, whitespace collapsed and lower-cased; a term longer than SEARCH_TERM_MAX
 * characters keeps its first whole words (code points, so an emoji is never split).
 */
export function normalizeSearchTerm(raw: string): string {
  const term = raw.replace(/\s+/g, " ").trim().toLowerCase();
  const chars = Array.from(term);
  if (chars.length <= SEARCH_TERM_MAX) return term;
  const cut = chars.slice(0, SEARCH_TERM_MAX + 1).join("");
  const lastSpace = cut.lastIndexOf(" ");
  return (lastSpace > 0 ? cut.slice(0, lastSpace) : Array.from(cut).slice(0, SEARCH_TERM_MAX).join("")).trim();
}

/** A search box's value from a query string or body: any string is accepted; an empty one means "no search". */
export const searchTerm = z
  .string()
  .transform(normalizeSearchTerm)
  .transform((v) => v || undefined);

/**
 * Rows where any of `columns` contains `term` (already normalised, or the placeholder a prepared read binds it to),
 * case-insensitively for ASCII.
 * `instr` instead of LIKE: a term is matched as plain text, so `%` and `_` mean themselves, and
 * there is no pattern to outgrow D1's 50-byte LIKE limit.
 */
export function containsTerm(term: string | Placeholder, ...columns: SQLiteColumn[]): SQL {
  return or(...columns.map((col) => sql`instr(lower(${col}), ${term}) > 0`)) as SQL;
}
