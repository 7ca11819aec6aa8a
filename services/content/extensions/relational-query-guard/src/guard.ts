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
// and the reason. Staff (admin or app access) are not limited: they read drafts anyway.
import { InvalidQueryError } from '@directus/errors';

const GUARDED_EVENTS = ['items.query', 'files.query', 'users.query'];
const LOGICAL = new Set(['_and', '_or']);
const THROUGH_RELATION = new Set(['_some', '_none']);

export default ({ filter }) => {
  for (const event of GUARDED_EVENTS) {
    filter(event, (query, { collection }, { accountability, schema }) => {
      if (!accountability || accountability.admin || accountability.app) return query;
      checkQuery(query, collection, schema);
      return query;
    });
  }
};

function refuse(reason) {
  throw new InvalidQueryError({
    reason: `${reason}; without staff access a filter or sort stays on the collection's own fields (a one-to-many field takes _some or _none)`,
  });
}

function checkQuery(query, collection, schema) {
  if (query.filter) checkFilter(query.filter, collection, schema);
  if (query.sort) checkSort(query.sort, collection, schema);
  if (query.group) checkGroup(query.group);
  if (query.deep) checkDeep(query.deep, collection, schema);
}

function checkGroup(group) {
  for (const field of Array.isArray(group) ? group : [group]) {
    if (String(field).includes('.')) refuse(`Grouping by "${field}" goes through a relation`);
  }
}

/** How `key` of `collection` leads to other rows: null for an own field. */
function relationOf(key, collection, schema) {
  const follow = /^\$FOLLOW\(([^,()]+),([^,()]+)\)$/.exec(key);
  if (follow) return { kind: 'one-to-many', collection: follow[1].trim() };
  if (key.startsWith('$FOLLOW')) return { kind: 'other' };
  const fn = /^\w+\((.+)\)$/.exec(key);
  if (fn) return relationOf(fn[1], collection, schema) ? { kind: 'other' } : null;
  const field = key.split(':')[0];
  const manyToOne = schema.relations.find((r) => r.collection === collection && r.field === field);
  if (manyToOne) return manyToOne.related_collection ? { kind: 'many-to-one', collection: manyToOne.related_collection } : { kind: 'other' };
  const oneToMany = schema.relations.find((r) => r.related_collection === collection && r.meta?.one_field === field);
  if (oneToMany) return { kind: 'one-to-many', collection: oneToMany.collection };
  if (schema.collections[collection]?.fields[field]?.type === 'alias') return { kind: 'other' };
  return null;
}

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const onlyOperators = (value) => !isObject(value) || Object.keys(value).every((k) => k.startsWith('_') && !THROUGH_RELATION.has(k));

function checkFilter(filter, collection, schema) {
  if (!isObject(filter)) return;
  for (const [key, value] of Object.entries(filter)) {
    if (LOGICAL.has(key)) {
      for (const part of Array.isArray(value) ? value : []) checkFilter(part, collection, schema);
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
      if (keys.length !== 1 || !THROUGH_RELATION.has(keys[0])) refuse(`The filter on "${collection}.${key}" goes through a one-to-many field without _some or _none`);
      checkFilter(value[keys[0]], relation.collection, schema);
    } else {
      refuse(`The filter on "${collection}.${key}" goes through a relation`);
    }
  }
}

function checkSort(sort, collection, schema) {
  for (const entry of Array.isArray(sort) ? sort : [sort]) {
    const path = String(entry).replace(/^-/, '').split('.');
    const relation = relationOf(path[0], collection, schema);
    if (path.length > 1 || (relation && relation.kind !== 'many-to-one')) refuse(`Sorting by "${entry}" goes through a relation`);
  }
}

function checkDeep(deep, collection, schema) {
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
