/**
 * Toasts without react-hot-toast in the page's first scripts (ADR 0034): the library (and its CSS-in-JS) loads with
 * the toaster after hydration (root.tsx), and a toast raised before then is handed over once it has loaded. Its
 * store keeps toasts raised before the toaster mounts, so none is lost.
 */
const library = () => import("react-hot-toast").then((m) => m.default);

export const toast = {
  success(message: string) {
    void library().then((t) => t.success(message));
  },
  error(message: string) {
    void library().then((t) => t.error(message));
  },
};
