import { createContext, useContext } from "react";

/**
 * The CSP nonce of this response (server/ssr.ts makes one per render). React Router's `<Scripts>`
 * and `<ScrollRestoration>` also read a nonce from their own framework context, but that is an
 * internal detail that moved once between minor versions and blocked every inline script: the
 * document passes the nonce to them explicitly (as Hydrogen's skeleton does). In the browser
 * there is none (nonces are only checked on the server-rendered document).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
