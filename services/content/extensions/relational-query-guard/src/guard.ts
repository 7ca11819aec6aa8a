// Keeps drafts from being guessed through a query's filter or sort.
//
// Directus applies a reader's row permissions to the rows it returns, nested ones included, but not to the rows a
// filter or a sort joins through a relation (only `_some`/`_none` on a one-to-many field run a subquery that applies
// them). Without this guard a visitor could test guesses about a draft through a public row linked to it, one
// character at a time, e.g. a draft page's title through the languages it is written in:
//   GET /items/languages?filter[$FOLLOW(info_pages_translations,languages_code)][title][_starts_with]=P
//
// So a request without staff access (the Public, Storefront and Corporate agent policies: neither admin nor app
// access) may filter and sort on a collection's own fields (an m2o field's own value, the related id, included) and go
// through a one-to-many field or `$FOLLOW` only with `_some`/`_none`. Anything else is refused with 400 INVALID_QUERY
// and the reason (index.ts). Staff (admin or app access) are not limited: they read drafts anyway.

/** The parts of Directus' schema overview the guard reads. */
export interface GuardSchema {
  collections: Record<string, { fields: Record<string, { type: string }> } | undefined>;
  relations: readonly { collection: string; field: string; related_collection: string | null; meta?: { one_field?: string | null } | null }[];
}

/** The parts of a query the guard reads. */
export interface GuardedQuery {
  filter?: unknown;
  sort?: unknown;
  group?: unknown;
  deep?: unknown;
}

/** A query refused: `reason` is what the caller is told. */
export class RelationalQuery extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RelationalQuery';
  }
}

const LOGICAL = new Set(['_and', '_or']);
const THROUGH_RELATION = new Set(['_some', '_none']);

type Relation = { kind: 'many-to-one' | 'one-to-many'; collection: string } | { kind: 'other'; collection?: undefined };

function refuse(reason: string): never {
  throw new RelationalQuery(`${reason}; without staff access a filter or sort stays on the collection's own fields (a one-to-many field takes _some or _none)`);
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const onlyOperators = (value: unknown) => !isObject(value) || Object.keys(value).every((k) => k.startsWith('_') && !THROUGH_RELATION.has(k));

/** Throws RelationalQuery when the query's filter, sort, group or deep goes through a relation the way it may not. */
export function checkQuery(query: GuardedQuery, collection: string, schema: GuardSchema): void {
  if (query.filter) checkFilter(query.filter, collection, schema);
  if (query.sort) checkSort(query.sort, collection, schema);
  if (query.group) checkGroup(query.group);
  if (query.deep) checkDeep(query.deep, collection, schema);
}

function checkGroup(group: unknown): void {
  for (const field of Array.isArray(group) ? (group as unknown[]) : [group]) {
    if (String(field).includes('.')) refuse(`Grouping by "${String(field)}" goes through a relation`);
  }
}

/** How `key` of `collection` leads to other rows: null for an own field. */
function relationOf(key: string, collection: string, schema: GuardSchema): Relation | null {
  const follow = /^\$FOLLOW\(([^,()]+),([^,()]+)\)$/.exec(key);
  if (follow) return { kind: 'one-to-many', collection: (follow[1] ?? '').trim() };
  if (key.startsWith('$FOLLOW')) return { kind: 'other' };
  const fn = /^\w+\((.+)\)$/.exec(key);
  if (fn) return relationOf(fn[1] ?? '', collection, schema) ? { kind: 'other' } : null;
  const field = key.split(':')[0] ?? '';
  const manyToOne = schema.relations.find((r) => r.collection === collection && r.field === field);
  if (manyToOne) return manyToOne.related_collection ? { kind: 'many-to-one', collection: manyToOne.related_collection } : { kind: 'other' };
  const oneToMany = schema.relations.find((r) => r.related_collection === collection && r.meta?.one_field === field);
  if (oneToMany) return { kind: 'one-to-many', collection: oneToMany.collection };
  if (schema.collections[collection]?.fields[field]?.type === 'alias') return { kind: 'other' };
  return null;
}

function checkFilter(filter: unknown, collection: string, schema: GuardSchema): void {
  if (!isObject(filter)) return;
  for (const [key, value] of Object.entries(filter)) {
    if (LOGICAL.has(key)) {
      for (const part of Array.isArray(value) ? (value as unknown[]) : []) checkFilter(part, collection, schema);
      continue;
    }
    if (key.startsWith('_')) continue;
    if (key.includes('.')) refuse(`The filter on "${collection}.${key}" names a path`);
    const relation = relationOf(key, collection, schema);
    if (!relation) continue;
    if (relation.kind === 'many-to-one') {
      if (!onlyOperators(value)) refuse(`The filter on "${collection}.${key}" reads the related item`);
    } else if (relation.kind === 'one-to-many') {
      const keys = isObject(value) ? Object.keys(value) : [];
      const [operator] = keys;
      if (keys.length !== 1 || operator === undefined || !THROUGH_RELATION.has(operator) || !isObject(value)) {
        refuse(`The filter on "${collection}.${key}" goes through a one-to-many field without _some or _none`);
      }
      checkFilter(value[operator], relation.collection, schema);
    } else {
      refuse(`The filter on "${collection}.${key}" goes through a relation`);
    }
  }
}

function checkSort(sort: unknown, collection: string, schema: GuardSchema): void {
  for (const entry of Array.isArray(sort) ? (sort as unknown[]) : [sort]) {
    const path = String(entry).replace(/^-/, '').split('.');
    const relation = relationOf(path[0] ?? '', collection, schema);
    if (path.length > 1 || (relation && relation.kind !== 'many-to-one')) refuse(`Sorting by "${String(entry)}" goes through a relation`);
  }
}

function checkDeep(deep: unknown, collection: string, schema: GuardSchema): void {
  if (!isObject(deep)) return;
  for (const [key, value] of Object.entries(deep)) {
    if (key === '_filter') {
      checkFilter(value, collection, schema);
    } else if (key === '_sort') {
      checkSort(value, collection, schema);
    } else if (key === '_group') {
      checkGroup(value);
    } else if (!key.startsWith('_')) {
      const relation = relationOf(key, collection, schema);
      if (relation?.collection) checkDeep(value, relation.collection, schema);
      else if (isObject(value) && Object.keys(value).length > 0) refuse(`"deep" names "${collection}.${key}", which is not a relation`);
    }
  }
}
