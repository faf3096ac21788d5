import { z } from 'zod';

/** 400 bodies: `{detail, field: [messages]}` (validation) or `{field: [messages]}` (e.g. a taken e-mail). */
export const fieldErrorsSchema = z
  .object({ detail: z.string().optional() })
  .catchall(z.array(z.string()))
  .describe('Field errors: each key is a field, each value its messages; detail repeats the first one');
