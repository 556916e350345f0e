import { createContext, useContext } from "react";

/** The request's CSP nonce, provided by the server render (entry.server.tsx); empty in the browser. */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export const useNonce = () => useContext(NonceContext);
