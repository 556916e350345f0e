/** Runs before first paint so a stored light/dark choice never flashes; the page itself stays cacheable. */
export const THEME_INIT_SCRIPT = `try{var t=localStorage.getItem("tripbazaar_theme");if(t==="dark"||t==="light")document.documentElement.dataset.theme=t}catch(e){}`;

export function toggleTheme() {
  const root = document.documentElement;
  const current = root.dataset.theme ?? (window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");
  const next = current === "dark" ? "light" : "dark";
  root.dataset.theme = next;
  try {
    localStorage.setItem("tripbazaar_theme", next);
  } catch {}
  return next;
}
