import { type RefObject, useEffect } from "react";

/**
 * A controlled field typed into before the page hydrated keeps its text (React leaves a field's value as it finds
 * it), but its state starts empty, and a button that waits for that state would stay disabled until the next
 * keystroke. This starts each named field's state from what it holds, once, when the page hydrates.
 */
export function useTypedBeforeHydration(form: RefObject<HTMLFormElement>, fields: Record<string, (value: string) => void>) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page hydrates
  useEffect(() => {
    for (const [name, set] of Object.entries(fields)) {
      const field = form.current?.elements.namedItem(name);
      if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.value) set(field.value);
    }
  }, []);
}
