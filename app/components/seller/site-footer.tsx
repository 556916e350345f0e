import { SiteLink } from "~/components/seller/site-link";
import type { SellerSite } from "~/lib/seller-site";
import { SellerLogo } from "./seller-logo";
import { SocialLinks } from "./social-links";

export function SiteFooter({ site, links }: { site: SellerSite; links: { to: string; label: string }[] }) {
  const name = site.websiteConfig.websiteName;
  const platform = site.platformOrigin;
  return (
    <footer className="seller-footer">
      <div className="container seller-footer-grid">
        <div className="stack">
          <SiteLink to={links[0].to} className="seller-brand">
            <SellerLogo site={site} />
            <span>{name}</span>
          </SiteLink>
          {site.seller.bio ? <p className="muted">{site.seller.bio}</p> : null}
        </div>
        <nav aria-label="Quick links">
          <h2 className="footer-heading">Quick Links</h2>
          <ul>
            {links.map((l) => (
              <li key={l.label}>
                <SiteLink to={l.to}>{l.label}</SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="footer-heading">Contact Us</h2>
          <ul>
            <li>
              <a href={`mailto:${site.seller.email}`}>{site.seller.email}</a>
            </li>
            {site.seller.phone ? (
              <li>
                <a href={`tel:${site.seller.phone.replace(/\s+/g, "")}`}>{site.seller.phone}</a>
              </li>
            ) : null}
            {site.seller.hours ? <li>{`Opening hours: ${site.seller.hours}`}</li> : null}
          </ul>
          <SocialLinks links={site.seller.socialLinks} className="social-links" />
        </div>
        <nav aria-label="Policies">
          <h2 className="footer-heading">Policies</h2>
          <ul>
            <li>
              <a href={`${platform}/privacy-policy`}>Privacy Policy</a>
            </li>
            <li>
              <a href={`${platform}/terms`}>Terms &amp; Conditions</a>
            </li>
            <li>
              <a href={`${platform}/cancellation-and-refund`}>Cancellation &amp; Refund</a>
            </li>
          </ul>
        </nav>
      </div>
      <p className="container muted">{`© ${new Date().getFullYear()} ${name}. All rights reserved.`}</p>
    </footer>
  );
}
