import { walkEveryPage } from "../support/every-page";

// The every-page walk (test/support/every-page.ts), part "traveller-and-admin": the traveller's pages and dashboard, and the superadmin panel.
walkEveryPage("traveller-and-admin");
