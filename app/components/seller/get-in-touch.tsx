import { useSellerSite } from "~/lib/seller-site";

/** Spec §2: sample fallbacks when the seller has no phone or address. */
export const SAMPLE_PHONE = "+91 98765 43210";
export const SAMPLE_ADDRESS = "123 Travel Street, Andheri East, Mumbai, Maharashtra 400069";

export function GetInTouch() {
  const { seller } = useSellerSite();
  const phone = seller.phone || SAMPLE_PHONE;
  return (
    <section className="card stack contact-panel" aria-labelledby="get-in-touch-title">
      <h2 id="get-in-touch-title">Get in Touch</h2>
      <div>
        <h3>Email Us</h3>
        <p>
          <a href={`mailto:${seller.email}`}>{seller.email}</a>
        </p>
        <p className="muted">We'll respond within 24 hours</p>
      </div>
      <div>
        <h3>Call Us</h3>
        <p>
          <a href={`tel:${phone.replace(/\s+/g, "")}`}>{phone}</a>
        </p>
        <p className="muted">Mon - Sat, 9 AM - 6 PM</p>
      </div>
      <div>
        <h3>Visit Our Office</h3>
        <address>{seller.address || SAMPLE_ADDRESS}</address>
      </div>
      <div>
        <h3>Business Hours</h3>
        <dl className="hours">
          <div>
            <dt>Monday - Friday</dt>
            <dd>9 AM - 7 PM</dd>
          </div>
          <div>
            <dt>Saturday</dt>
            <dd>10 AM - 5 PM</dd>
          </div>
          <div>
            <dt>Sunday</dt>
            <dd>Closed</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
