const KNOWN: Record<string, string> = {
  "instagram.com": "Instagram",
  "facebook.com": "Facebook",
  "x.com": "X",
  "twitter.com": "X",
  "youtube.com": "YouTube",
  "linkedin.com": "LinkedIn",
  "pinterest.com": "Pinterest",
  "threads.net": "Threads",
  "wa.me": "WhatsApp",
};

/** A link's name as a visitor knows it: the network's name, else the site's hostname. */
export function socialLabel(href: string) {
  const host = new URL(href).hostname.replace(/^(www|m)\./, "");
  return KNOWN[host] ?? host;
}

/**
 * The seller's own social links, only those they entered (issue 24). The schema lets only https:// addresses in
 * (worker/domain/seller-admin/schemas.ts); React escapes them into `href`. `nofollow`: the platform vouches for none.
 */
export function SocialLinks({ links, className }: { links: string[]; className?: string }) {
  if (!links.length) return null;
  return (
    <ul className={className}>
      {links.map((href) => (
        <li key={href}>
          <a href={href} rel="noopener noreferrer nofollow">
            {socialLabel(href)}
          </a>
        </li>
      ))}
    </ul>
  );
}
