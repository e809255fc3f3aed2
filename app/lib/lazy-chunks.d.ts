declare module "virtual:lazy-chunks" {
  /**
   * The client build's chunk of each dynamically imported module under app/, by its path without the extension; empty
   * in development (vite.config.ts).
   */
  const chunks: Record<string, string>;
  export default chunks;
}
