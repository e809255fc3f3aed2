import entries from "virtual:client-entries";

/**
 * The storyteller's page script (app/routes/storyteller/client/tell.client.ts), the only script her page loads (ADR
 * 0028).
 */
export const tellScript = (): string | null => entries["storyteller-door"] ?? null;
