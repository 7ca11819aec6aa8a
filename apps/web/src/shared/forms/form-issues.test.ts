import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { countFieldErrors, decodeIssue, domainResolver, issuesByField } from './form-issues';

const schema = z.object({
  name: z.string().check(z.minLength(1, { error: 'validation.required' })),
  drivers: z.array(z.object({ birthday: z.string().check(z.minLength(10, { error: 'validation.date' })), licence: z.string().check(z.minLength(1, { error: 'validation.required' })) })),
});

describe('domainResolver', () => {
  it('nests the errors of list items as react-hook-form reads them, and counts each field once', async () => {
    const resolve = domainResolver<z.infer<typeof schema>>(schema);
    const result = await resolve({ name: '', drivers: [{ birthday: '1990', licence: 'X' }, { birthday: '', licence: '' }] }, undefined, { fields: {}, shouldUseNativeValidation: undefined });
    const errors = result.errors as unknown as { name: { message: string }; drivers: Record<string, Record<string, { message: string }>> };
    expect(decodeIssue(errors.name.message)).toEqual({ message: 'validation.required' });
    expect(decodeIssue(errors.drivers['0']?.birthday?.message)).toEqual({ message: 'validation.date' });
    expect(decodeIssue(errors.drivers['1']?.licence?.message)).toEqual({ message: 'validation.required' });
    expect(countFieldErrors(result.errors)).toBe(4);
  });

  it('passes valid values through', async () => {
    const resolve = domainResolver<z.infer<typeof schema>>(schema);
    const result = await resolve({ name: 'Ana', drivers: [] }, undefined, { fields: {}, shouldUseNativeValidation: undefined });
    expect(result).toEqual({ values: { name: 'Ana', drivers: [] }, errors: {} });
  });
});

describe('issuesByField', () => {
  it('keeps the first issue of each field by its dotted path, with its parameters, and the rest under "form"', () => {
    const drivers = z.object({
      name: z.string().check(z.minLength(2, { error: 'validation.tooShort' }), z.maxLength(0, { error: 'validation.second' })),
      drivers: z.array(
        z.object({
          age: z.number().check(
            z.superRefine((_value, ctx) => {
              ctx.addIssue({ code: 'custom', message: 'validation.minAge', params: { minimumAge: 21 } });
            }),
          ),
        }),
      ),
    });
    const parsed = z.safeParse(drivers, { name: 'a', drivers: [{ age: 18 }] });
    expect(parsed.success).toBe(false);
    expect(issuesByField(parsed.error ?? { issues: [] })).toEqual({
      name: { message: 'validation.tooShort' },
      'drivers.0.age': { message: 'validation.minAge', params: { minimumAge: 21 } },
    });
    expect(issuesByField({ issues: [{ code: 'custom', path: [], message: 'validation.required', input: undefined }] })).toEqual({ form: { message: 'validation.required' } });
  });
});
