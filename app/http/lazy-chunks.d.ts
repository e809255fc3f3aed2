declare module "virtual:lazy-chunks" {
  /**
   * The client build's chunk of each dynamically imported module under app/, by its path without the extension; empty
   * in development (vite.config.ts).
   */
  const chunks: Record<string, string>;
  export default chunks;
}

declare module "virtual:client-entries" {
  /** The address of each script that a page without React loads itself, by name (vite.config.ts, clientEntries). */
  const entries: Record<string, string>;
  export default entries;
}
