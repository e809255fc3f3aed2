declare module "virtual:translation-chunks" {
  /** Each language's strings chunk in the client build, by language; empty in development. */
  const chunks: Record<string, string>;
  export default chunks;
}
