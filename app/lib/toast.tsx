import { useEffect } from "react";
import { Toaster, toast, useToasterStore } from "react-hot-toast";

export const TOAST_LIMIT = 20;

/** Durations of spec §9: the shared setup, and 3000 ms for success on seller-website pages. */
export function toastOptions(variant: "main" | "seller") {
  return {
    duration: 4000,
    success: { duration: variant === "seller" ? 3000 : 2000 },
    error: { duration: 4000 },
    loading: { duration: Number.POSITIVE_INFINITY },
    custom: { duration: 4000 },
    blank: { duration: 4000 },
  };
}

export function AppToaster({ variant }: { variant: "main" | "seller" }) {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const visible = toasts.filter((t) => t.visible);
    for (const t of visible.slice(TOAST_LIMIT)) toast.dismiss(t.id);
  }, [toasts]);
  return <Toaster position="top-center" toastOptions={toastOptions(variant)} />;
}
