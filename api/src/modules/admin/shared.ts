import { adminIdParamsSchema, errorSchema } from '@store/contracts';
import { fieldErrorsSchema } from '../../lib/schemas';

/** What every /api/admin route's OpenAPI entry shares. */
export const security = [{ bearerAuth: [] }];
export const errors = { 400: fieldErrorsSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
export const tags = ['admin'];
export const params = adminIdParamsSchema;

/** "1 product", "12 products". */
export const countOf = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
