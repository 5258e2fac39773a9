import { z } from 'zod';
import { Problem } from './problem';
import { apiRoutes, type RouteContract } from './api/routes';


function schemaOf(type: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(type, { io, unrepresentable: 'any', target: 'openapi-3.0' });
}

/** Builds the OpenAPI 3 document of the API from the route contracts. */
export function buildOpenApiDocument(routes: Record<string, RouteContract> = apiRoutes) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [operationId, route] of Object.entries(routes)) {
    const parameters = [
      ...objectParameters(route.params, 'path'),
      ...objectParameters(route.query, 'query'),
    ];
    const responses: Record<string, unknown> = {
      [String(route.status ?? 200)]: {
        description: 'OK',
        content: { 'application/json': { schema: schemaOf(route.response, 'output') } },
      },
      default: {
        description: 'Problem',
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
      },
    };
    paths[route.path] ??= {};
    paths[route.path]![route.method] = {
      operationId,
      summary: route.summary,
      tags: [route.tag],
      security: route.auth === 'public' ? [] : [{ session: [] }],
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body, 'input') } } } }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Aura API', version: '0.1.0' },
    paths,
    components: {
      schemas: { Problem: schemaOf(Problem, 'output') },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'aura_session' } },
    },
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
