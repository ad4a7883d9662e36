import { errorBodySchema } from '#shared/schemas/common.js';

/** `{400: errorBodySchema, …}`: the error answers a route declares, so the OpenAPI document lists them. */
export const errorResponses = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<S, typeof errorBodySchema>;
