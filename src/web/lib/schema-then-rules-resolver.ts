import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Path, Resolver, ResolverResult } from 'react-hook-form';
import type { z } from 'zod';

/** A rule the form can check once the body is valid, against data it already has. */
export type FormRule<Body, Values extends FieldValues> = (body: Body) => { field: Path<Values>; message: string } | null;

/**
 * A react-hook-form resolver that checks the body the form would send with the
 * server's own zod schema first, then the next rules (docs/product-guide.md#validation-rules) that need data the
 * page has loaded (origins, green lots…), in order. The server checks them all
 * again; this only lets the form answer at once with the same message.
 */
export function schemaThenRulesResolver<Values extends FieldValues, Body>(
  schema: z.ZodType<Body>,
  toBody: (values: Values) => unknown,
  rules: readonly FormRule<Body, Values>[],
): Resolver<Values, unknown, Body> {
  const bySchema = zodResolver(schema as never);
  return async (values, context, options): Promise<ResolverResult<Values, Body>> => {
    const result = await bySchema(toBody(values) as never, context, options as never);
    if (Object.keys(result.errors).length > 0) return result as never;
    const body = result.values as Body;
    for (const rule of rules) {
      const broken = rule(body);
      if (broken) return { values: {}, errors: { [broken.field]: { type: 'validate', message: broken.message } } } as never;
    }
    return { values: body, errors: {} };
  };
}
