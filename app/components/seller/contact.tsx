import { GetInTouch } from "./get-in-touch";
import { MessageForm } from "./message-form";

export function SellerContactPage() {
  return (
    <main id="main" className="container page stack">
      <header className="stack page-intro">
        <h1>Contact Us</h1>
        <p className="muted">Questions about a package or planning a custom trip? We are happy to help.</p>
      </header>
      <div className="contact-layout">
        <GetInTouch />
        <div className="card">
          <MessageForm />
        </div>
      </div>
    </main>
  );
}

export const sellerContactMeta = {
  title: "Contact Us",
  description: "How to reach us, or send us a message about your next trip.",
  path: "/contact",
};
