import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { localize, translationRow } from './fields';

const row = translationRow({ name: z.string(), benefits: z.array(z.string()) });

describe('localize', () => {
  it('shows the amounts staff wrote in every text of a translation in the site money format, in each language', () => {
    const rows = [
      row.parse({ languages_code: 'es-ES', name: 'Protección Básica', benefits: ['Deducible de US$1,500', 'Asistencia por USD 3.99 al día'] }),
      row.parse({ languages_code: 'en-US', name: 'Basic Protection', benefits: ['A US$1,500 deductible'] }),
    ];
    const text = localize(rows, (translation) => ({ name: translation.name, benefits: translation.benefits }), { name: '', benefits: [] });
    expect(text.es).toEqual({ name: 'Protección Básica', benefits: ['Deducible de $1,500.00', 'Asistencia por $3.99 al día'] });
    expect(text.en).toEqual({ name: 'Basic Protection', benefits: ['A $1,500.00 deductible'] });
  });

  it('falls back to Spanish for a missing translation, its amounts written the same way', () => {
    const rows = [row.parse({ languages_code: 'es-ES', name: 'Verano: US$25 menos', benefits: [] })];
    expect(localize(rows, (translation) => translation.name, '').en).toBe('Verano: $25.00 menos');
  });
});
