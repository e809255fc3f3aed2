import { createContext } from "react-router";

/** The peer address of the request, set by server/index.mjs from the socket (not from headers). */
export const clientAddressContext = createContext<string>("unknown");
