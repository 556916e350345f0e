/** Markup and style payloads a hostile seller or visitor types into a field. */
export const PAYLOADS = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "</style><script>alert(1)</script>",
  "red;}body{background:url(//evil.example)}",
  "javascript:alert(1)",
] as const;

/** Values an image field must refuse (or, if ever accepted, must render inert). */
export const HOSTILE_IMAGE_URLS = [
  "javascript:alert(1)",
  "https://evil.example/pixel.png",
  "//evil.example/pixel.png",
  '/images/x.png" onerror="alert(1)',
  "/images/x.png);background:url(//evil.example/x.png",
  "data:image/svg+xml,<svg onload=alert(1)>",
] as const;

const decodeEntities = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);?/gi, (_m, h: string) => String.fromCodePoint(Number.parseInt(h, 16)))
    .replace(/&#(\d+);?/g, (_m, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&colon;/gi, ":")
    .replace(/&tab;/gi, "\t")
    .replace(/&newline;/gi, "\n")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

const withoutLeadingControls = (s: string) => {
  let i = 0;
  while (i < s.length && s.charCodeAt(i) <= 0x20) i++;
  return s.slice(i);
};

const TAG = /<([a-z][a-z0-9:-]*)((?:\s+[^\s=>"'/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*\/?>/gi;
const ATTRIBUTE = /\s+([^\s=>"'/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g;
const URL_ATTRIBUTES = new Set(["href", "src", "action", "formaction", "poster", "background", "xlink:href", "data", "srcset"]);

/** The real tags of a document with their attributes (values entity-decoded); text inside attribute values is not a tag. */
function* tags(document: string) {
  for (const tag of document.matchAll(TAG)) {
    const attributes = [...(tag[2] ?? "").matchAll(ATTRIBUTE)].map((a) => ({
      name: a[1].toLowerCase(),
      value: decodeEntities(a[2] ?? a[3] ?? a[4] ?? ""),
    }));
    yield { name: tag[1].toLowerCase(), source: tag[0], attributes };
  }
}

/**
 * Ways a payload escaped its field in a document (HTML or XML): live markup, an event handler on
 * a real tag, a script: URL in a link or source, or seller text inside a style context.
 * Returns one line per finding; empty means inert.
 */
export function liveMarkup(document: string): string[] {
  const found: string[] = [];
  const lower = document.toLowerCase();
  for (const raw of ["<script>alert(1)", "<img src=x onerror", "</style><script>"]) {
    if (lower.includes(raw)) found.push(`raw markup ${JSON.stringify(raw)}`);
  }
  const styles = [...document.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]);
  for (const tag of tags(document)) {
    for (const { name, value } of tag.attributes) {
      if (name.startsWith("on")) found.push(`event handler ${name} in ${tag.source.slice(0, 80)}`);
      if (name === "style") styles.push(value);
      // A URL parser drops tabs and newlines, and leading spaces and controls, before it reads the scheme.
      const url = withoutLeadingControls(value.replace(/[\t\n\r]/g, "")).toLowerCase();
      if (URL_ATTRIBUTES.has(name) && /^(?:javascript:|vbscript:|data:text\/html)/.test(url))
        found.push(`script URL in ${tag.source.slice(0, 80)}`);
    }
  }
  for (const css of styles) {
    if (/evil\.example|javascript:|expression\(|<\/?script/i.test(css)) found.push(`payload in a style context: ${css.slice(0, 80)}`);
  }
  return found;
}
