import { walkEveryPage } from "../support/every-page";

// The every-page walk (test/support/every-page.ts), part "seller-dashboard": the seller dashboard, signed in as the seller.
walkEveryPage("seller-dashboard");
