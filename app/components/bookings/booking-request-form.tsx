import { Form, useLocation, useNavigate } from "@remix-run/react";
import { Suspense, lazy, useEffect } from "react";
import type { PublicPackage as Package } from "@worker/domain/seller-website/shapes";
import type { PackageChoices } from "@worker/domain/catalogue/labels";

type PublicPackage = Package & { choices?: PackageChoices };
import type { WithDepartures } from "@worker/domain/departures/view";
import { siteHref, useSellerSite } from "~/lib/seller-site";
import "./bookings.css";
// The package pages' departures and catalogue styles live with the module that loads the lazy trip form, so its
// chunk owns them and the lazy import asks for no stylesheet (ADR 0034; lazy-chunk-styles.test.ts).
import "../departures/departures.css";
import "../catalogue/catalogue.css";
import { Modal } from "~/components/ui/modal";
import { RequestForm as RequestFormNow, type TripLinks as Links } from "./trip-request-form";
import type { TripFormData } from "./trip-fields";

/**
 * The trip form itself is its own chunk (ADR 0034): a package page's first scripts carry the button and the
 * dialog, and the form's code (pricing, travellers, checkout) follows once the page is hydrated. The server
 * renders it at once, so the form's own address (`?book=1`) works without scripts; a page hydrated on that
 * address keeps the server's form until the chunk arrives.
 */
const loadRequestForm = () => import("./trip-request-form");
const RequestForm = import.meta.env.SSR ? RequestFormNow : lazy(() => loadRequestForm().then((m) => ({ default: m.RequestForm })));

function LazyRequestForm(props: Parameters<typeof RequestFormNow>[0]) {
  return (
    <Suspense fallback={<p className="muted">Loading the form...</p>}>
      <RequestForm {...props} />
    </Suspense>
  );
}

/**
 * Book Now on a seller's package page (issue #4/#5): the traveller fills in the trip and pays for it at once,
 * through the same checkout as the cart, under the seller's brand (ADR 0029).
 */
export function BookingRequestForm({ pkg, form }: { pkg: PublicPackage & WithDepartures; form: TripFormData }) {
  const site = useSellerSite();
  const links: Links = {
    login: siteHref(site, "/login"),
    contact: siteHref(site, "/contact"),
    booking: (id) => siteHref(site, `/booking/${encodeURIComponent(id)}`),
    cart: "/cart",
    paid: (paymentId) => siteHref(site, `/booking-success?payment=${encodeURIComponent(paymentId)}`),
  };
  return <TripForm pkg={pkg} mode="book" links={links} label="Book Now" form={form} />;
}

/** Add to cart on the marketplace's package page: the same trip form; the cart pays for every trip at once. */
export function AddToCartForm({ pkg, form }: { pkg: PublicPackage & WithDepartures; form: TripFormData }) {
  const links: Links = {
    login: "/login",
    contact: "/contact",
    booking: (id) => `/booking/${encodeURIComponent(id)}`,
    cart: "/cart",
    paid: (paymentId) => `/booking-success?payment=${encodeURIComponent(paymentId)}`,
  };
  return <TripForm pkg={pkg} mode="cart" links={links} label="Add to cart" form={form} />;
}

type DialogState = { bookingDialog?: boolean } | null;

/**
 * The button, and the form it opens. The form has its own address, the page's with `?book=1` (the loader asks
 * a signed-out visitor to sign in first and comes back): the button is a GET form to it, so a tap before
 * scripts run, or without them, lands on the form in the page. Once scripts run the same tap opens it in a
 * dialog, and closing the dialog goes back.
 */
function TripForm({
  pkg,
  mode,
  links,
  label,
  form,
}: {
  pkg: PublicPackage & WithDepartures;
  mode: "book" | "cart";
  links: Links;
  label: string;
  form: TripFormData;
}) {
  const navigate = useNavigate();
  const location = useLocation();
  // The form's code arrives after hydration, before anyone can tap the button.
  useEffect(() => {
    void loadRequestForm();
  }, []);
  const dialog = form !== null && (location.state as DialogState)?.bookingDialog === true;
  const title = `${mode === "cart" ? "Add" : "Book"} ${pkg.name}`;
  if (form && !dialog) {
    return (
      <section className="stack trip-form-page" aria-labelledby="trip-form-title">
        <h2 id="trip-form-title">{title}</h2>
        <LazyRequestForm
          pkg={pkg}
          mode={mode}
          links={links}
          traveller={form.traveller}
          signedIn={form.signedIn}
          studentDiscountPercent={form.studentDiscountPercent ?? 0}
          terms={form.terms}
        />
      </section>
    );
  }
  return (
    <>
      <Form method="get" preventScrollReset state={{ bookingDialog: true } satisfies DialogState}>
        <input type="hidden" name="book" value="1" />
        <button type="submit" className="btn" aria-haspopup="dialog">
          {label}
        </button>
      </Form>
      <Modal open={dialog} onClose={() => navigate(-1)} title={title}>
        {dialog && form ? (
          <LazyRequestForm
            pkg={pkg}
            mode={mode}
            links={links}
            traveller={form.traveller}
            signedIn={form.signedIn}
            studentDiscountPercent={form.studentDiscountPercent ?? 0}
            terms={form.terms}
          />
        ) : null}
      </Modal>
    </>
  );
}
