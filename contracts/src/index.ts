export * from './money';
export * from './events/index';
export * from './errors';
export * from './socket';
export * from './api/common';
export * from './api/accounts';
export * from './api/routes';
export { buildOpenApiDocument } from './openapi';
export * from './rules/age';
