import { walkEveryPage } from "../support/every-page";

// The every-page walk (test/support/every-page.ts), part "seller-domain": a seller site on its custom domain.
walkEveryPage("seller-domain");
