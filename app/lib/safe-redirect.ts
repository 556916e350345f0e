const LOCAL_ORIGIN = "https://tripbazaar.invalid";
const hasControlCharacter = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * Only a local path may be a post-login redirect target: it starts with one `/`, holds no
 * backslash or control character (browsers drop tabs and newlines, so `/\t/evil.example` is
 * `//evil.example`), and resolves to this very origin.
 */
export function safeRedirect(target: string | null | undefined, fallback = "/") {
  if (!target || !/^\/(?!\/)/.test(target) || target.includes("\\") || hasControlCharacter(target)) return fallback;
  try {
    return new URL(target, LOCAL_ORIGIN).origin === LOCAL_ORIGIN ? target : fallback;
  } catch {
    return fallback;
  }
}
