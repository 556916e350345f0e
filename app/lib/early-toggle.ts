/**
 * Runs from the document's head, long before the page's scripts hydrate it: a tap on a button marked
 * `data-early-toggle` (a dashboard's menu, dashboard-shell.tsx) flips its `aria-expanded`, which the CSS follows, so a
 * tap before hydration is never lost. Once hydrated (`html[data-hydrated]`) the page's own handler does it, and the
 * component starts from what the button says.
 */
export const EARLY_TOGGLE_SCRIPT = `document.addEventListener("click",function(e){var b=e.target instanceof Element?e.target.closest("[data-early-toggle]"):null;if(!b||document.documentElement.hasAttribute("data-hydrated"))return;b.setAttribute("aria-expanded",b.getAttribute("aria-expanded")==="true"?"false":"true")});`;
