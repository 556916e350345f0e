/**
 * JSON to put inside a `<script>` element (JSON-LD). SECURITY: `JSON.stringify` leaves `</script>`, `<!--` and the
 * line separators U+2028/U+2029 as they are; escaped as \u sequences they mean the same to a JSON reader and nothing
 * to the HTML parser, so text from sellers and travellers cannot end the element or start markup.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
