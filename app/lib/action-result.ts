/** What a signed-in page's action answers: a toast for the user, or the failure with the fields it concerns. */
export type ActionResult =
  | { ok: true; message: string }
  /** `status` is the failure's HTTP status (409 when the write conflicts with the data, 422 for bad fields…). */
  | { ok: false; message: string; status?: number; issues?: { path: string; message: string }[] };
