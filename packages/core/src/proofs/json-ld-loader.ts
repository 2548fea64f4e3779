/// <reference path="./json-ld-contexts.d.ts" />
/**
 * The JSON-LD side of eddsa-rdfc-2022: RDF Dataset Canonicalization (RDFC-1.0) of a JSON-LD
 * document through the `jsonld` library, with a static document loader over bundled contexts
 * (STYLE principle 8: contexts are bundled, nothing is fetched at run time).
 *
 * Bundled contexts (the production set):
 * - https://www.w3.org/ns/credentials/v2, https://www.w3.org/2018/credentials/v1 and
 *   https://www.w3.org/ns/credentials/undefined-terms/v2 (@digitalbazaar/credentials-context);
 * - https://w3id.org/security/data-integrity/v1 and /v2 (@digitalbazaar/data-integrity-context);
 * - https://www.w3.org/ns/credentials/examples/v2 (the one-line W3C examples context the
 *   Recommendations' test vectors use);
 * - https://w3id.org/security/suites/ed25519-2020/v1 (the Ed25519Signature2020 context, as
 *   published at that URL; ed25519-2020-context.ts).
 * Any other URL is refused with an UnknownContextError naming it.
 *
 * jsonld, rdf-canonize and the context packages are imported dynamically on the first rdfc
 * canonicalization only, so the eddsa-jcs-2022 path and the web app's main chunk never load them.
 */
import { ED25519_2020_CONTEXT, ED25519_2020_CONTEXT_URL } from './ed25519-2020-context';
import type { JsonObject } from './eddsa-jcs-2022';

/** Context URL -> context document (`{ '@context': ... }`). */
export type JsonLdContexts = ReadonlyMap<string, JsonObject>;

export const EXAMPLES_V2_CONTEXT_URL = 'https://www.w3.org/ns/credentials/examples/v2';
/** As published at EXAMPLES_V2_CONTEXT_URL. */
const EXAMPLES_V2_CONTEXT: JsonObject = {
  '@context': { '@vocab': 'https://www.w3.org/ns/credentials/examples#' },
};

/** A context URL that is not bundled (thrown by the static loader; never fetched). */
export class UnknownContextError extends Error {
  constructor(readonly url: string) {
    super(`Unknown JSON-LD context ${url}: only bundled contexts are used, nothing is fetched`);
    this.name = 'UnknownContextError';
  }
}

/** The document could not be turned into canonical N-Quads (unknown context, lossy JSON-LD). */
export class CanonicalizationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CanonicalizationError';
  }
}

/** What jsonld's document loader answers (JSON-LD 1.1 API RemoteDocument). */
export interface RemoteContextDocument {
  contextUrl: null;
  documentUrl: string;
  document: JsonObject;
}

export type StaticDocumentLoader = (url: string) => Promise<RemoteContextDocument>;

/**
 * A jsonld document loader that answers only `contexts` (each as the answer's `document`).
 * @throws {UnknownContextError} (as a rejected promise) for any other URL.
 */
export function createStaticDocumentLoader(contexts: JsonLdContexts): StaticDocumentLoader {
  return async (url) => {
    const document = contexts.get(url);
    if (!document) throw new UnknownContextError(url);
    return { contextUrl: null, documentUrl: url, document };
  };
}

/** The subset of jsonld's API used here (its @types predate jsonld 9's safe mode and RDFC-1.0). */
interface JsonLdCanonize {
  canonize(
    input: JsonObject,
    options: {
      algorithm: 'RDFC-1.0';
      canonizeOptions: { algorithm: 'RDFC-1.0' };
      format: 'application/n-quads';
      safe: true;
      rdfDirection: 'i18n-datatype';
      documentLoader: StaticDocumentLoader;
    },
  ): Promise<string>;
}

interface ContextsModule {
  contexts?: ReadonlyMap<string, Record<string, unknown>>;
  default?: { contexts?: ReadonlyMap<string, Record<string, unknown>> };
}

/** `contexts` of an ES module namespace, or of its `default` (CommonJS in Node). */
function contextsOf(module: ContextsModule): ReadonlyMap<string, Record<string, unknown>> {
  const contexts = module.contexts ?? module.default?.contexts;
  if (!contexts) throw new Error('A bundled context package exports no contexts');
  return contexts;
}

interface Runtime {
  jsonld: JsonLdCanonize;
  contexts: JsonLdContexts;
}

let runtime: Promise<Runtime> | undefined;

/** jsonld and the bundled contexts, imported once (dynamically). */
function loadRuntime(): Promise<Runtime> {
  runtime ??= (async () => {
    const [jsonldModule, credentialsModule, dataIntegrityModule] = await Promise.all([
      import('jsonld') as Promise<unknown> as Promise<
        Partial<JsonLdCanonize> & { default?: JsonLdCanonize }
      >,
      import('@digitalbazaar/credentials-context') as Promise<ContextsModule>,
      import('@digitalbazaar/data-integrity-context') as Promise<ContextsModule>,
    ]);
    const jsonld = jsonldModule.default ?? (jsonldModule as JsonLdCanonize);
    const contexts = new Map<string, JsonObject>([
      ...contextsOf(credentialsModule),
      ...contextsOf(dataIntegrityModule),
      [EXAMPLES_V2_CONTEXT_URL, EXAMPLES_V2_CONTEXT],
      [ED25519_2020_CONTEXT_URL, ED25519_2020_CONTEXT],
    ]);
    return { jsonld, contexts };
  })();
  // A failed import is not cached: the next call tries again.
  runtime.catch(() => {
    runtime = undefined;
  });
  return runtime;
}

/** The production set of bundled contexts (loads the context packages on first use). */
export async function loadBundledContexts(): Promise<JsonLdContexts> {
  return (await loadRuntime()).contexts;
}

export interface CanonizeOptions {
  /**
   * Contexts to serve besides the bundled ones (e.g. a test vector's own context); a URL here
   * wins over a bundled one. They serve this call only: the loader's answers carry no
   * `tag: 'static'`, so jsonld caches them per operation, never across calls.
   */
  contexts?: JsonLdContexts;
}

/**
 * RDFC-1.0 canonical N-Quads of `document` (JSON-LD -> RDF in safe mode, then RDF Dataset
 * Canonicalization; W3C "Data Integrity EdDSA Cryptosuites v1.0" 3.2.3 Transformation).
 * Safe mode makes lossy documents fail instead of being signed partly: a property or type that
 * does not expand to an IRI, a relative @id, and the like. A language value's base direction
 * (`@direction`, VC DM 2.0 section 11.1) becomes an i18n datatype (JSON-LD 1.1 API
 * `rdfDirection: 'i18n-datatype'`, as Digital Bazaar's eddsa-rdfc-2022 cryptosuite does), so
 * such a document is signed and verified instead of refused.
 * @throws {CanonicalizationError} for an unknown context (the message names its URL) or a
 *   document safe mode rejects.
 */
export async function canonizeRdfc(
  document: JsonObject,
  options: CanonizeOptions = {},
): Promise<string> {
  const { jsonld, contexts } = await loadRuntime();
  const served = options.contexts ? new Map([...contexts, ...options.contexts]) : contexts;
  const load = createStaticDocumentLoader(served);
  let unknownUrl: string | undefined;
  // jsonld wraps loader errors in its own; remember the URL to name it in the message.
  const documentLoader: StaticDocumentLoader = (url) => {
    if (!served.has(url)) unknownUrl ??= url;
    return load(url);
  };
  try {
    return await jsonld.canonize(document, {
      algorithm: 'RDFC-1.0',
      canonizeOptions: { algorithm: 'RDFC-1.0' },
      format: 'application/n-quads',
      safe: true,
      rdfDirection: 'i18n-datatype',
      documentLoader,
    });
  } catch (error) {
    if (unknownUrl !== undefined) {
      throw new CanonicalizationError(new UnknownContextError(unknownUrl).message);
    }
    throw new CanonicalizationError(
      `The document cannot be canonicalized (RDFC-1.0): ${why(error)}`,
    );
  }
}

/** A short reason from a jsonld error (safe mode puts the real one in details.event). */
function why(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const details: unknown = (error as Error & { details?: unknown }).details;
  const event =
    typeof details === 'object' && details !== null && 'event' in details
      ? (details as { event?: { message?: unknown; details?: Record<string, unknown> } }).event
      : undefined;
  if (event && typeof event.message === 'string') {
    const subject = event.details?.property ?? event.details?.id ?? event.details?.type;
    return typeof subject === 'string' ? `${event.message} (${subject})` : event.message;
  }
  return error.message;
}
