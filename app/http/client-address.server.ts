import { createContext } from "react-router";

/**
 * The client's address, set by server/index.mjs: the socket's peer, or with TRUST_PROXY the address the
 * trusted proxy saw (the right-most X-Forwarded-For entry not written by a trusted proxy). Never a header a
 * client could choose by itself.
 */
export const clientAddressContext = createContext<string>("unknown");
