import "react";

/**
 * The Popover API's attributes, which React 18's types do not know yet. React 18 passes unknown attributes through
 * as written, so they are spelled as HTML spells them (lowercase), and a popover's is given its value ("auto").
 */
declare module "react" {
  interface HTMLAttributes<T> {
    popover?: "auto" | "manual";
  }
  interface ButtonHTMLAttributes<T> {
    popovertarget?: string;
    popovertargetaction?: "show" | "hide" | "toggle";
  }
}
