import { walkEveryPage } from "../support/every-page";

// The every-page walk (test/support/every-page.ts), part "seller-path": a seller site by path (/seller/wanderlust-journeys/website/…).
walkEveryPage("seller-path");
