// Types of server/drain-refused-bodies.mjs, for the tests that install it on their own server.
import type { Server } from "node:http";

export const DRAIN_MAX_BYTES: number;
export const DRAIN_MAX_MS: number;
export function drainRefusedBodies<S extends Server>(server: S, limits?: { maxBytes?: number; maxMs?: number }): S;
