import { describe, expect, it } from 'vitest';
import { branchesPath, provinceFromParam, provinceOptions, provinceSlug, selectBranches } from './province-filter';

const branches = [
  { code: 'PTY', province: 'Panamá' },
  { code: 'DAV', province: 'Chiriquí' },
  { code: 'COR', province: 'Panamá Oeste' },
  { code: 'BOQ', province: 'Chiriquí' },
  { code: 'OBA', province: 'Panamá' },
  { code: 'NEW', province: '' },
];

describe('the province filter in the URL', () => {
  it('maps a filter to its public path and back', () => {
    expect(branchesPath({})).toBe('/sucursales');
    expect(branchesPath({ province: 'chiriqui' })).toBe('/sucursales/provincia/chiriqui');
    expect(provinceFromParam('panama-oeste')).toBe('panama-oeste');
    for (const option of provinceOptions(branches)) {
      const [, page, key, value = ''] = branchesPath({ province: option.slug }).split('/');
      expect([page, key, provinceFromParam(value)]).toEqual(['sucursales', 'provincia', option.slug]);
    }
  });

  it('reads a typed province name, encoded or not, as its slug', () => {
    expect(provinceFromParam('Chiriquí')).toBe('chiriqui');
    expect(provinceFromParam('Chiriqu%C3%AD')).toBe('chiriqui');
    expect(provinceFromParam('PANAMÁ%20OESTE')).toBe('panama-oeste');
    // A malformed escape is read as typed rather than failing the page (it then matches no province).
    expect(provinceFromParam('%E0%A4%A')).toBe('e0-a4-a');
  });

  it('rejects values that cannot be a province', () => {
    expect(provinceFromParam('')).toBeUndefined();
    expect(provinceFromParam('%%%')).toBeUndefined();
    expect(provinceFromParam('%25%25')).toBeUndefined();
    expect(provinceFromParam('x'.repeat(41))).toBeUndefined();
  });

  it('slugifies province names', () => {
    expect(provinceSlug('Panamá Oeste')).toBe('panama-oeste');
    expect(provinceSlug(' Colón ')).toBe('colon');
    expect(provinceSlug('Ngäbe-Buglé')).toBe('ngabe-bugle');
  });

  it('offers the provinces that have a branch, alphabetically, with their counts', () => {
    expect(provinceOptions(branches)).toEqual([
      { slug: 'chiriqui', name: 'Chiriquí', count: 2 },
      { slug: 'panama', name: 'Panamá', count: 2 },
      { slug: 'panama-oeste', name: 'Panamá Oeste', count: 1 },
    ]);
  });

  it('selects every branch, one province’s, or every branch for a province without any', () => {
    expect(selectBranches(branches, {})).toEqual({ branches, province: undefined, unknownProvince: false });
    const chiriqui = selectBranches(branches, { province: 'chiriqui' });
    expect(chiriqui.branches.map((branch) => branch.code)).toEqual(['DAV', 'BOQ']);
    expect(chiriqui.province).toEqual({ slug: 'chiriqui', name: 'Chiriquí', count: 2 });
    expect(chiriqui.unknownProvince).toBe(false);
    // 'panama' must not also match 'panama-oeste'.
    expect(selectBranches(branches, { province: 'panama' }).branches.map((branch) => branch.code)).toEqual(['PTY', 'OBA']);
    expect(selectBranches(branches, { province: 'darien' })).toEqual({ branches, province: undefined, unknownProvince: true });
  });
});
