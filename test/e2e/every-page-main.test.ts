import { walkEveryPage } from "../support/every-page";

// The every-page walk (test/support/every-page.ts), part "main": the main site's public pages (and the checks that the walk covers every page).
walkEveryPage("main");
