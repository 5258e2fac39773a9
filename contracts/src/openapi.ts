import { z } from 'zod';
import { commonRefusals, statusOfErrorCode, type ErrorCode } from './errors';
import { Problem } from './problem';
import { apiRoutes, IDEMPOTENCY_KEY_MAX, type RouteContract } from './api/routes';

function schemaOf(type: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(type, { io, unrepresentable: 'any', target: 'openapi-3.0' });
}

/**
 * A route's refusals as responses: one per status, its problem's `code` one of the refusals that
 * answer with that status (the route's own and those any route may give).
 */
function refusalResponses(route: RouteContract): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of [...new Set([...commonRefusals, ...route.refusals])]) {
    const status = statusOfErrorCode[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, codes]) => [
        String(status),
        {
          description: codes.join(', '),
          content: {
            'application/problem+json': {
              schema: {
                allOf: [
                  { $ref: '#/components/schemas/Problem' },
                  { type: 'object', properties: { code: { type: 'string', enum: codes.sort() } } },
                ],
              },
            },
          },
        },
      ]),
  );
}

/**
 * Builds the OpenAPI 3 document of the API from the route contracts; `publicUrl` (PUBLIC_URL) is
 * where it is served, else the document's own origin ('/').
 */
export function buildOpenApiDocument(routes: Record<string, RouteContract> = apiRoutes, publicUrl?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, route] of Object.entries(routes)) {
    const parameters = [
      ...objectParameters(route.params, 'path'),
      ...objectParameters(route.query, 'query'),
      ...(route.idempotencyKey
        ? [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: route.idempotencyKey === 'required',
              schema: { type: 'string', maxLength: IDEMPOTENCY_KEY_MAX },
            },
          ]
        : []),
      // a money action: an admin who enrolled a second factor signs it with a fresh code (else 403 mfa_required)
      ...(route.secondFactor === 'fresh'
        ? [{ name: 'X-MFA-Code', in: 'header', required: false, schema: { type: 'string', maxLength: 11 } }]
        : []),
    ];
    const answers = route.answers ?? 'json';
    const responses: Record<string, unknown> = {
      [String(route.status ?? (answers === 'redirect' ? 303 : 200))]: {
        description: answers === 'redirect' ? 'See Other' : 'OK',
        ...(answers === 'json'
          ? { content: { 'application/json': { schema: schemaOf(route.response, 'output') } } }
          : {}),
        ...(answers === 'file'
          ? { content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
          : {}),
        ...(answers === 'html' ? { content: { 'text/html': { schema: { type: 'string' } } } } : {}),
        ...(answers === 'text' ? { content: { 'text/plain': { schema: { type: 'string' } } } } : {}),
      },
      ...refusalResponses(route),
    };
    paths[route.path] ??= {};
    paths[route.path]![route.method] = {
      operationId,
      summary: route.summary,
      tags: [route.tag],
      security: route.auth === 'public' ? [] : [{ session: [] }],
      ...(parameters.length ? { parameters } : {}),
      ...requestBodyOf(route),
      responses,
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Aura API', version: '0.1.0' },
    servers: [{ url: publicUrl ?? '/' }],
    paths,
    components: {
      schemas: { Problem: schemaOf(Problem, 'output') },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'aura_session' } },
    },
  };
}

function requestBodyOf(route: RouteContract) {
  const file = { type: 'string', format: 'binary', maxLength: route.upload?.maxBytes };
  if (route.upload?.kind === 'multipart') {
    return {
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: { type: 'object', required: ['file'], properties: { file, fileName: { type: 'string' } } },
          },
        },
      },
    };
  }
  if (route.upload?.kind === 'binary')
    return { requestBody: { required: true, content: { 'application/octet-stream': { schema: file } } } };
  if (!route.body) return {};
  return {
    requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body, 'input') } } },
  };
}

function objectParameters(shape: z.ZodObject | undefined, where: 'path' | 'query') {
  if (!shape) return [];
  return Object.entries(shape.shape).map(([name, type]) => ({
    name,
    in: where,
    required: where === 'path' || !(type as z.ZodType).safeParse(undefined).success,
    schema: schemaOf(type as z.ZodType, 'input'),
  }));
}
