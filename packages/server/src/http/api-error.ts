/**
 * The transport's name for the domain's coded errors: the error handler turns them into the
 * envelope. The classes live in ../errors.ts so the engine, content and auth never import http/.
 */
export { ApiError, FieldError } from '../errors.js';
