/**
 * The operations of the API as the OpenAPI document at /docs/json describes them, for the fuzz
 * suite (test/fuzz.test.ts): method, path template, whether a Bearer session is needed, the
 * path and query parameters with their JSON Schemas, the JSON request body schema and the
 * documented answer statuses.
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

export interface Operation {
  /** "METHOD path", the path as in the OpenAPI document (e.g. "GET /user/{userId}/profile"). */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  bearer: boolean;
  /** Needs `Authorization: Bearer <verifier api key>` (the verifier API). */
  verifierKey: boolean;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The application/json request body schema, when the operation takes a body. */
  body: JsonSchema | undefined;
  /** The answer statuses the document lists for the operation. */
  statuses: number[];
  /**
   * Documented error statuses answered as application/json instead of a problem (the W3C VC
   * API's 422 verdict).
   */
  shapedErrors: number[];
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
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        bearer: operation.security?.some((r) => 'bearerAuth' in r) ?? false,
        verifierKey: operation.security?.some((r) => 'verifierApiKey' in r) ?? false,
        pathParams: parameters.filter((p) => p.in === 'path').map(toParameter),
        queryParams: parameters.filter((p) => p.in === 'query').map(toParameter),
        body: operation.requestBody?.content?.['application/json']?.schema,
        statuses: Object.keys(operation.responses ?? {})
          .map(Number)
          .filter((status) => Number.isInteger(status)),
        shapedErrors: Object.entries(operation.responses ?? {})
          .filter(
            ([status, response]) =>
              Number(status) >= 400 && response.content?.['application/json'] !== undefined,
          )
          .map(([status]) => Number(status)),
      });
    }
  }
  return operations;
}
