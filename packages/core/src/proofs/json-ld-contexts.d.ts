/**
 * Types of the two context packages eddsa-rdfc-2022 bundles (they ship JavaScript only). Both
 * export `contexts`: a Map from context URL to the context document ({ '@context': ... }).
 * Referenced with a triple-slash directive by json-ld-loader.ts, so every program that compiles
 * core (the server's and the web app's too) sees them.
 */

declare module '@digitalbazaar/credentials-context' {
  /** https://www.w3.org/2018/credentials/v1, https://www.w3.org/ns/credentials/v2 and undefined-terms/v2. */
  export const contexts: ReadonlyMap<string, Record<string, unknown>>;
}

declare module '@digitalbazaar/data-integrity-context' {
  /** https://w3id.org/security/data-integrity/v1 and /v2. */
  export const contexts: ReadonlyMap<string, Record<string, unknown>> | undefined;
  /** CommonJS in Node: the named exports may only be reachable through `default`. */
  const dataIntegrityContext: { contexts: ReadonlyMap<string, Record<string, unknown>> };
  export default dataIntegrityContext;
}
