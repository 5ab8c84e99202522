import { createContext, useContext } from "react";

// The nonce only matters in the server render; in the browser the context is empty.
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
