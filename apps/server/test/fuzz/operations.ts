/**
 * The operations of the API as the OpenAPI document at /docs/json describes them, for the fuzz
 * suite (test/fuzz/suite.ts): method, path template, whether a Bearer session or an organisation's
 * API key (verifier or issuer) is needed, the path and query parameters with their JSON Schemas, the request body's media
 * type and schema, the documented answer statuses and the media types of each success.
 */

/** The part of JSON Schema (draft 2020-12, as @fastify/swagger writes it) the generators read. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/**
 * The callers with a key of their own: the organisations with an API key
 * (apps/server/src/lib/api-keys.ts), and a wallet with an OpenID4VCI access token ('oid4vci':
 * the credential, deferred and notification endpoints of the product's issuers).
 */
export type ApiKeyCaller = 'verifier' | 'issuer' | 'oid4vci';

export interface Operation {
  /** "METHOD path", the path as in the OpenAPI document (e.g. "GET /user/{userId}/profile"). */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  bearer: boolean;
  /**
   * The organisation API key the operation needs as `Authorization: Bearer <key>`: a verifier's
   * (the verifier API) or an issuer's (the W3C VC API issuer); null for the others.
   */
  apiKey: ApiKeyCaller | null;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The request body schema, when the operation takes a body (of `bodyMediaType`). */
  body: JsonSchema | undefined;
  /**
   * The media type of the documented request body: the first the document lists for it
   * (`application/json`, or `application/x-www-form-urlencoded` for the OpenID4VP endpoints).
   */
  bodyMediaType: string | undefined;
  /** The answer statuses the document lists for the operation. */
  statuses: number[];
  /**
   * Documented error statuses answered as application/json instead of a problem (the W3C VC
   * API's 422 verdict).
   */
  shapedErrors: number[];
  /**
   * The media types the document lists per success status (`responses[status].content`), e.g.
   * 200 -> ['application/dc+sd-jwt'] for the SD-JWT VC download.
   */
  successMediaTypes: Record<number, string[]>;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  security?: Record<string, unknown>[];
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

export interface OpenApiDocument {
  paths: Record<string, Partial<Record<string, OpenApiOperation>>>;
}

/** The API key an operation's `security` names (the OpenAPI security schemes of plugins/openapi.ts). */
function apiKeyOf(operation: OpenApiOperation): ApiKeyCaller | null {
  if (operation.security?.some((r) => 'verifierApiKey' in r)) return 'verifier';
  if (operation.security?.some((r) => 'issuerApiKey' in r)) return 'issuer';
  if (operation.security?.some((r) => 'oid4vciAccessToken' in r)) return 'oid4vci';
  return null;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every operation of `document`, in document order. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = operation.parameters ?? [];
      const toParameter = (p: OpenApiParameter): Parameter => ({
        name: p.name,
        required: p.required === true,
        schema: p.schema ?? {},
      });
      const requestContent = Object.entries(operation.requestBody?.content ?? {});
      const responses = Object.entries(operation.responses ?? {});
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        // A locked session's token (the unlock routes) is a session token too.
        bearer: operation.security?.some((r) => 'bearerAuth' in r || 'lockedSession' in r) ?? false,
        apiKey: apiKeyOf(operation),
        pathParams: parameters.filter((p) => p.in === 'path').map(toParameter),
        queryParams: parameters.filter((p) => p.in === 'query').map(toParameter),
        body: requestContent[0]?.[1].schema,
        bodyMediaType: requestContent[0]?.[0],
        statuses: Object.keys(operation.responses ?? {})
          .map(Number)
          .filter((status) => Number.isInteger(status)),
        shapedErrors: responses
          .filter(
            ([status, response]) =>
              Number(status) >= 400 && response.content?.['application/json'] !== undefined,
          )
          .map(([status]) => Number(status)),
        successMediaTypes: Object.fromEntries(
          responses
            .filter(([status]) => Number(status) >= 200 && Number(status) < 300)
            .map(([status, response]) => [Number(status), Object.keys(response.content ?? {})]),
        ),
      });
    }
  }
  return operations;
}
