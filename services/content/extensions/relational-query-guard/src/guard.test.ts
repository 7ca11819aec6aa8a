import { describe, expect, it } from 'vitest';
import { checkQuery, RelationalQuery, type GuardedQuery, type GuardSchema } from './guard';

// jobs -> branches (many-to-one `branch`), jobs <- jobs_translations (one-to-many `translations`), and an alias divider.
const schema: GuardSchema = {
  collections: {
    jobs: { fields: { id: { type: 'integer' }, slug: { type: 'string' }, branch: { type: 'integer' }, translations: { type: 'alias' }, divider: { type: 'alias' } } },
    jobs_translations: { fields: { id: { type: 'integer' }, title: { type: 'string' }, languages_code: { type: 'string' }, jobs_id: { type: 'integer' } } },
    branches: { fields: { id: { type: 'integer' }, name: { type: 'string' } } },
  },
  relations: [
    { collection: 'jobs', field: 'branch', related_collection: 'branches', meta: { one_field: null } },
    { collection: 'jobs_translations', field: 'jobs_id', related_collection: 'jobs', meta: { one_field: 'translations' } },
  ],
};

const reasonOf = (query: GuardedQuery): string | null => {
  try {
    checkQuery(query, 'jobs', schema);
    return null;
  } catch (error) {
    if (error instanceof RelationalQuery) return error.reason.split(';')[0] ?? '';
    throw error;
  }
};

describe('the relational query guard', () => {
  it('lets a query stay on the collection\'s own fields, a many-to-one\'s value, and one-to-many fields through _some/_none', () => {
    expect(reasonOf({ filter: { slug: { _eq: 'driver' }, branch: { _eq: 3 } } })).toBeNull();
    expect(reasonOf({ filter: { _and: [{ translations: { _some: { languages_code: { _eq: 'en-US' } } } }] } })).toBeNull();
    expect(reasonOf({ filter: { 'count(translations)': { _gt: 1 } } })).toBe('The filter on "jobs.count(translations)" goes through a relation');
    expect(reasonOf({ sort: ['-slug', 'branch'], group: ['slug'] })).toBeNull();
    expect(reasonOf({ deep: { translations: { _filter: { languages_code: { _eq: 'en-US' } }, _sort: ['title'] } } })).toBeNull();
  });

  it('refuses what reads rows a filter or a sort joins through', () => {
    expect(reasonOf({ filter: { branch: { name: { _eq: 'Draft branch' } } } })).toBe('The filter on "jobs.branch" reads the related item');
    expect(reasonOf({ filter: { 'branch.name': { _eq: 'x' } } })).toBe('The filter on "jobs.branch.name" names a path');
    expect(reasonOf({ filter: { translations: { title: { _eq: 'x' } } } })).toBe('The filter on "jobs.translations" goes through a one-to-many field without _some or _none');
    expect(reasonOf({ filter: { translations: { _some: { jobs_id: { slug: { _eq: 'x' } } } } } })).toBe('The filter on "jobs_translations.jobs_id" reads the related item');
    expect(reasonOf({ filter: { '$FOLLOW(jobs_translations,jobs_id)': { title: { _eq: 'x' } } } })).toBe('The filter on "jobs.$FOLLOW(jobs_translations,jobs_id)" goes through a one-to-many field without _some or _none');
    expect(reasonOf({ filter: { divider: { _null: true } } })).toBe('The filter on "jobs.divider" goes through a relation');
    expect(reasonOf({ sort: ['branch.name'] })).toBe('Sorting by "branch.name" goes through a relation');
    expect(reasonOf({ sort: 'translations' })).toBe('Sorting by "translations" goes through a relation');
    expect(reasonOf({ group: ['branch.name'] })).toBe('Grouping by "branch.name" goes through a relation');
    expect(reasonOf({ deep: { translations: { _filter: { jobs_id: { slug: { _eq: 'x' } } } } } })).toBe('The filter on "jobs_translations.jobs_id" reads the related item');
    expect(reasonOf({ deep: { slug: { _limit: 1 } } })).toBe('"deep" names "jobs.slug", which is not a relation');
  });

  it('says what a caller without staff access may do instead', () => {
    expect(() => checkQuery({ sort: ['branch.name'] }, 'jobs', schema)).toThrow(
      'Sorting by "branch.name" goes through a relation; without staff access a filter or sort stays on the collection\'s own fields (a one-to-many field takes _some or _none)',
    );
  });
});
