/**
 * The path with each segment that cannot be percent-decoded (`%ZZ`, a cut UTF-8 sequence such as `%E0%A4`) written so
 * that it decodes to its own text: its `%` becomes `%25`. Null when every segment decodes (the path is left alone).
 *
 * Remix's router decodes a path segment by segment; one it cannot decode makes it log a warning and match the raw path,
 * which is always a missing page. Such paths come from scanners and broken links, so every one was a warning in the
 * logs. Matched as its own text instead, the path reaches the same route with the same parameters (the text the raw
 * path had), and so the same branded 404, without the warning (ADR 0021).
 */
export function decodablePath(pathname: string): string | null {
  if (!pathname.includes("%")) return null;
  let changed = false;
  const segments = pathname.split("/").map((segment) => {
    try {
      decodeURIComponent(segment);
      return segment;
    } catch {
      changed = true;
      return segment.replaceAll("%", "%25");
    }
  });
  return changed ? segments.join("/") : null;
}

/**
 * The request Remix is given: `request` itself, or when its path cannot be decoded, the same request (method, headers,
 * body and signal) at its decodable path (decodablePath).
 */
export function withDecodablePath(request: Request, url: URL): Request {
  const pathname = decodablePath(url.pathname);
  if (pathname === null) return request;
  const decodable = new URL(url);
  decodable.pathname = pathname;
  return new Request(decodable, request);
}
