import { useSellerSite } from "~/lib/seller-site";
import { SocialLinks } from "./social-links";

/**
 * Only what the seller entered in their profile: email always, phone, office address, opening hours and social links
 * when given.
 * A fact the seller has not given is left out, never filled with a sample (issue 24).
 */
export function GetInTouch() {
  const { seller } = useSellerSite();
  const { phone, address, hours, socialLinks } = seller;
  return (
    <section className="card stack contact-panel" aria-labelledby="get-in-touch-title">
      <h2 id="get-in-touch-title">Get in Touch</h2>
      <div>
        <h3>Email Us</h3>
        <p>
          <a href={`mailto:${seller.email}`}>{seller.email}</a>
        </p>
        <p className="muted">Or write to us using the form.</p>
      </div>
      {phone ? (
        <div>
          <h3>Call Us</h3>
          <p>
            <a href={`tel:${phone.replace(/[^+0-9]/g, "")}`}>{phone}</a>
          </p>
        </div>
      ) : null}
      {address ? (
        <div>
          <h3>Visit Our Office</h3>
          <address>{address}</address>
        </div>
      ) : null}
      {hours ? (
        <div>
          <h3>Opening Hours</h3>
          <p>{hours}</p>
        </div>
      ) : null}
      {socialLinks.length ? (
        <div>
          <h3>Find Us Online</h3>
          <SocialLinks links={socialLinks} className="social-links" />
        </div>
      ) : null}
    </section>
  );
}
