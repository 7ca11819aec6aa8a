// Drafts stay private (docs/content-model.md, "Access"): nothing of an unpublished item can be read without a token,
// nor with the storefront's token. The collections come from the Public policy's own permissions and the relations
// from the live schema, so a collection added to the public reads is checked without editing this file: it must have
// a publication state of its own, or belong (through many-to-one fields) to collections that have one.
//
// For each publishable collection the test creates a draft and a published item, each with every text field filled
// and a file in every file field; for each collection that belongs to them (translations, junction rows, a brand's
// fleet classes, fees between branches) one row per parent it may belong to a draft through, and one row whose
// parents are all published. Then it reads every way the API offers: by id, in lists, nested to four levels, with
// `deep`, through GraphQL, as files and assets, and through filters and sorts that could test guesses. Every draft
// value carries a marker that must appear nowhere; the published counterparts must be readable, so the test fails if
// the reads it relies on stop working. Everything it created is removed at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, contentUrl, dataOf, errorCode, qs, requireEnv, uniqueSuffix, type ApiResult } from './helpers';

type Filter = Record<string, unknown>;
type Key = number | string;
interface Permission { collection: string; permissions: Filter | null }
interface Relation { collection: string; field: string; related_collection: string | null; meta: { one_field: string | null } | null }
interface Field {
  collection: string;
  field: string;
  type: string;
  schema: { is_primary_key?: boolean; is_unique?: boolean; max_length?: number | null; default_value?: unknown } | null;
  meta: { required?: boolean; special?: string[] | null; validation?: unknown; options?: { choices?: Array<{ value: unknown }> } | null } | null;
}
interface Publication { field: string; published: unknown; draft: unknown }
interface Link { field: string; related: string }
interface Row { collection: string; id: Key; files: string[]; links: Record<string, Key> }

// Public collections without a draft state of their own, and why that is fine.
const WITHOUT_DRAFT_STATE: Record<string, string> = {
  languages: 'the language codes (es-ES, en-US): nothing in them is waiting to be published',
};

const suffix = uniqueSuffix();
// Lower-case letters and digits, so the values also pass the slug rule.
const DRAFT = `drft${suffix}`;
const PUBLISHED = `publ${suffix}`;
let counter = 0;
const textOf = (mark: string) => `${mark}${(counter++).toString(36)}`;

let admin = '';
let storefront = '';
let readable = new Map<string, Filter | null>();
let relations: Relation[] = [];
let fields: Field[] = [];
const roots = new Map<string, Publication>();
const dependents = new Map<string, Link[]>();
const drafts = new Map<string, Row>();
const published = new Map<string, Row>();
const hidden: Row[] = [];
const visible: Row[] = [];
const createdRows: Array<{ collection: string; id: Key }> = [];
const createdFiles: string[] = [];

const fieldsOf = (collection: string) => fields.filter((f) => f.collection === collection);
const primaryKeyOf = (collection: string) => fieldsOf(collection).find((f) => f.schema?.is_primary_key)?.field ?? 'id';
const manyToOne = (collection: string): Link[] => relations
  .filter((r) => r.collection === collection && r.related_collection)
  .map((r) => ({ field: r.field, related: r.related_collection ?? '' }));
const oneToMany = (collection: string) => relations
  .filter((r) => r.related_collection === collection && r.meta?.one_field)
  .map((r) => ({ alias: r.meta?.one_field ?? '', child: r.collection, field: r.field }));
const fileFields = (collection: string) => manyToOne(collection).filter((l) => l.related === 'directus_files').map((l) => l.field);
const contentCollections = () => [...readable.keys()].filter((c) => c !== 'directus_files');
const isObject = (value: unknown): value is Filter => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The publication state a read filter of the form `{ field: { _eq: value } }` on an own field asks for. */
function publicationOf(collection: string): Publication | undefined {
  const filter = readable.get(collection);
  if (!filter || Object.keys(filter).length !== 1) return undefined;
  const [field, condition] = Object.entries(filter)[0] ?? [];
  if (!field || !isObject(condition) || Object.keys(condition).join() !== '_eq') return undefined;
  if (manyToOne(collection).some((l) => l.field === field)) return undefined;
  const definition = fieldsOf(collection).find((f) => f.field === field);
  const value = condition._eq;
  if (typeof value === 'boolean') return { field, published: value, draft: !value };
  const other = [definition?.schema?.default_value, ...(definition?.meta?.options?.choices ?? []).map((c) => c.value)].find((v) => v !== undefined && v !== null && v !== value);
  return other === undefined ? undefined : { field, published: value, draft: other };
}

/** A value for an own field: every free text field gets a marked text, other fields only when required. */
function valueFor(field: Field, mark: string): unknown {
  const special = field.meta?.special ?? [];
  if (field.schema?.is_primary_key || field.type === 'alias' || special.some((s) => /^(date|user)-/.test(s))) return undefined;
  const required = field.meta?.required === true;
  const choices = field.meta?.options?.choices ?? [];
  // Marked text; upper case where the field's own rule asks for it (an extra's code): the draft checks below compare
  // without case.
  const text = () => {
    const value = textOf(mark).slice(0, field.schema?.max_length ?? undefined);
    const pattern = (field.meta?.validation as Record<string, { _regex?: string }> | null | undefined)?.[field.field]?._regex;
    return pattern && !new RegExp(pattern).test(value) && new RegExp(pattern).test(value.toUpperCase()) ? value.toUpperCase() : value;
  };
  if ((field.type === 'string' || field.type === 'text') && choices.length === 0 && (required || !field.meta?.validation)) return text();
  if (!required) return undefined;
  if (choices.length > 0) return field.schema?.is_unique ? text() : choices[0]?.value;
  if (['integer', 'bigInteger', 'float', 'decimal'].includes(field.type)) return 1;
  if (field.type === 'boolean') return false;
  if (field.type === 'date') return '2030-01-01';
  if (field.type === 'dateTime') return '2030-01-01T10:00:00';
  if (field.type === 'json') return [];
  return undefined;
}

async function upload(mark: string): Promise<string> {
  const form = new FormData();
  form.append('title', textOf(mark));
  form.append('file', new Blob([`<svg xmlns="http://www.w3.org/2000/svg"><title>${textOf(mark)}</title></svg>`], { type: 'image/svg+xml' }), `${textOf(mark)}.svg`);
  const response = await fetch(`${contentUrl()}/files`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
  const text = await response.text();
  expect(response.status, `upload: ${text.slice(0, 300)}`).toBe(200);
  const id = (JSON.parse(text) as { data: { id: string } }).data.id;
  createdFiles.push(id);
  return id;
}

/** Creates an item with marked text, a new file in every file field and the given relations. */
async function createRow(collection: string, mark: string, links: Record<string, unknown>): Promise<Row> {
  const relational = new Set(manyToOne(collection).map((l) => l.field));
  const body: Record<string, unknown> = {};
  for (const field of fieldsOf(collection)) {
    if (relational.has(field.field)) continue;
    const value = valueFor(field, mark);
    if (value !== undefined) body[field.field] = value;
  }
  Object.assign(body, links);
  const files: string[] = [];
  for (const field of fileFields(collection)) {
    const id = await upload(mark);
    body[field] = id;
    files.push(id);
  }
  const result = await api<Record<string, Key>>(`/items/${collection}`, { method: 'POST', token: admin, body });
  expect(result.status, `create ${collection}: ${result.text.slice(0, 300)}`).toBe(200);
  const id = dataOf(result)[primaryKeyOf(collection)];
  if (id === undefined) throw new Error(`no primary key in the created ${collection}: ${result.text.slice(0, 300)}`);
  createdRows.push({ collection, id });
  const linkKeys = Object.fromEntries(Object.entries(links).filter(([field]) => relational.has(field))) as Record<string, Key>;
  return { collection, id, files, links: linkKeys };
}

/** A key of an existing item of a collection without draft state (e.g. a language code for a translation). */
async function anyKeyOf(collection: string): Promise<Key> {
  const key = primaryKeyOf(collection);
  const rows = await api<Array<Record<string, Key>>>(`/items/${collection}${qs({ fields: key, limit: 1 })}`, { token: admin });
  const value = dataOf(rows)[0]?.[key];
  if (value === undefined) throw new Error(`${collection} is empty: the test needs one of its items`);
  return value;
}

const rowsOf = (list: Row[], collection: string) => list.filter((r) => r.collection === collection);
const idsOf = (list: Row[], collection: string) => rowsOf(list, collection).map((r) => r.id);
const sorted = (keys: Key[]) => [...keys].map(String).sort();
const hiddenFiles = () => hidden.flatMap((r) => r.files);
const visibleFiles = () => visible.flatMap((r) => r.files);

function expectNothingOfDrafts(result: ApiResult, what: string): void {
  expect(result.text.toLowerCase(), `${what}: a draft's text`).not.toContain(DRAFT);
  for (const file of hiddenFiles()) expect(result.text, `${what}: a draft's file ${file}`).not.toContain(file);
}

beforeAll(async () => {
  admin = await adminToken();
  storefront = requireEnv('DIRECTUS_STOREFRONT_TOKEN');
  const policies = await api<Array<{ id: string }>>(`/policies${qs({ filter: { name: { _eq: '$t:public_label' } }, fields: 'id' })}`, { token: admin });
  const publicPolicy = dataOf(policies)[0]?.id;
  if (!publicPolicy) throw new Error('the Public policy is missing');
  const permissions = await api<Permission[]>(`/permissions${qs({ filter: { policy: { _eq: publicPolicy }, action: { _eq: 'read' } }, fields: 'collection,permissions', limit: -1 })}`, { token: admin });
  readable = new Map(dataOf(permissions).map((p) => [p.collection, p.permissions]));
  relations = dataOf(await api<Relation[]>('/relations', { token: admin }));
  fields = dataOf(await api<Field[]>(`/fields${qs({ limit: -1 })}`, { token: admin }));

  for (const collection of contentCollections()) {
    if (collection in WITHOUT_DRAFT_STATE) continue;
    const publication = publicationOf(collection);
    if (publication) roots.set(collection, publication);
  }
  for (const collection of contentCollections()) {
    if (collection in WITHOUT_DRAFT_STATE || roots.has(collection)) continue;
    dependents.set(collection, manyToOne(collection).filter((l) => roots.has(l.related)));
  }

  // Drafts first, so that published items can point at drafts of other collections (a job at a draft branch).
  const fixedLinks = async (collection: string) => Object.fromEntries(await Promise.all(manyToOne(collection)
    .filter((l) => l.related in WITHOUT_DRAFT_STATE)
    .map(async (l) => [l.field, await anyKeyOf(l.related)] as const)));
  for (const [collection, publication] of roots) {
    const row = await createRow(collection, DRAFT, { ...(await fixedLinks(collection)), [publication.field]: publication.draft });
    drafts.set(collection, row);
    hidden.push(row);
  }
  for (const [collection, publication] of roots) {
    const toDrafts = Object.fromEntries(manyToOne(collection).flatMap((l) => {
      const draft = drafts.get(l.related);
      return draft ? [[l.field, draft.id]] : [];
    }));
    const row = await createRow(collection, PUBLISHED, { ...(await fixedLinks(collection)), ...toDrafts, [publication.field]: publication.published });
    published.set(collection, row);
    visible.push(row);
  }
  // Rows that belong to other rows: one per parent that is a draft (the others published), one with every parent published.
  for (const [collection, links] of dependents) {
    const fixed = await fixedLinks(collection);
    const publishedParents = Object.fromEntries(links.map((l) => [l.field, published.get(l.related)?.id]));
    for (const link of links) {
      hidden.push(await createRow(collection, DRAFT, { ...fixed, ...publishedParents, [link.field]: drafts.get(link.related)?.id }));
    }
    visible.push(await createRow(collection, PUBLISHED, { ...fixed, ...publishedParents }));
  }
}, 120_000);

afterAll(async () => {
  for (const { collection, id } of createdRows.reverse()) await api(`/items/${collection}/${id}`, { method: 'DELETE', token: admin });
  for (const id of createdFiles) await api(`/files/${id}`, { method: 'DELETE', token: admin });
});

describe('drafts stay private', { timeout: 120_000 }, () => {
  it('covers every collection the public policy reads', () => {
    expect(readable.get('directus_files'), 'directus_files is read through a filter').toBeTruthy();
    for (const collection of contentCollections()) {
      if (collection in WITHOUT_DRAFT_STATE) {
        expect(readable.get(collection), `${collection} has no draft state and no filter`).toBeNull();
        continue;
      }
      const links = dependents.get(collection);
      expect(roots.has(collection) || (links?.length ?? 0) > 0,
        `${collection}: the public reads it, but it has no publication state ({ field: { _eq: value } }) and belongs to no collection that has one`).toBe(true);
    }
    // The model as it stands: every kind of collection is exercised.
    expect([...roots.keys()]).toEqual(expect.arrayContaining(['info_pages', 'promos', 'flota', 'sites_config', 'cta', 'branches', 'extras']));
    expect([...dependents.keys()]).toEqual(expect.arrayContaining(['info_pages_translations', 'promos_translations', 'extras_translations', 'sites_config_cta', 'sites_config_cars', 'dropoff_fees']));
    for (const collection of [...roots.keys(), ...dependents.keys()]) {
      expect(idsOf(hidden, collection).length, `${collection}: draft rows`).toBeGreaterThan(0);
      expect(idsOf(visible, collection).length, `${collection}: published rows`).toBeGreaterThan(0);
    }
    expect(hiddenFiles().length).toBeGreaterThan(0);
    expect(visibleFiles().length).toBeGreaterThan(0);
  });

  it('reads no draft by id or in a list, without a token or with the storefront token', async () => {
    for (const token of [null, storefront]) {
      const who = token ? 'storefront' : 'public';
      for (const row of hidden) expect((await api(`/items/${row.collection}/${row.id}`, { token })).status, `${who} ${row.collection}/${row.id}`).toBe(403);
      for (const row of visible) {
        const result = await api(`/items/${row.collection}/${row.id}`, { token });
        expect(result.status, `${who} ${row.collection}/${row.id}: ${result.text.slice(0, 200)}`).toBe(200);
      }
      for (const collection of [...roots.keys(), ...dependents.keys()]) {
        const key = primaryKeyOf(collection);
        const all = [...idsOf(hidden, collection), ...idsOf(visible, collection)];
        const list = await api<Array<Record<string, Key>>>(`/items/${collection}${qs({ filter: { [key]: { _in: all } }, fields: key, limit: -1 })}`, { token });
        expect(list.status, `${who} ${collection}: ${list.text.slice(0, 200)}`).toBe(200);
        expect(sorted(dataOf(list).map((r) => r[key] ?? '')), `${who} ${collection}`).toEqual(sorted(idsOf(visible, collection)));
      }
    }
  });

  it('shows nothing of a draft in any collection read four levels deep', async () => {
    let seen = '';
    for (const collection of contentCollections()) {
      const result = await api(`/items/${collection}${qs({ fields: '*.*.*.*', limit: -1 })}`);
      expect(result.status, `${collection}: ${result.text.slice(0, 200)}`).toBe(200);
      expectNothingOfDrafts(result, collection);
      seen += result.text;
    }
    // The published counterparts are there: their text and, nested as file objects, their files.
    expect(seen).toContain(PUBLISHED);
    for (const file of visibleFiles()) expect(seen, `published file ${file}`).toContain(file);
  });

  it('nests only the published rows under a published item, with or without deep', async () => {
    for (const [collection, row] of published) {
      const key = primaryKeyOf(collection);
      for (const { alias, child, field } of oneToMany(collection)) {
        if (!readable.has(child)) continue;
        const childKey = primaryKeyOf(child);
        const mine = (list: Row[]) => rowsOf(list, child).filter((r) => r.links[field] === row.id).map((r) => r.id);
        const expected = sorted(mine(visible));
        const plain = await api<Record<string, Array<Record<string, Key>>>>(`/items/${collection}/${row.id}${qs({ fields: `${alias}.${childKey}` })}`);
        expect(plain.status, `${collection}.${alias}: ${plain.text.slice(0, 200)}`).toBe(200);
        expect(sorted((dataOf(plain)[alias] ?? []).map((r) => r[childKey] ?? '')), `${collection}.${alias}`).toEqual(expected);
        // `deep` asking for the draft rows by id gets none of them.
        const all = [...mine(hidden), ...mine(visible)];
        const deep = await api<Array<Record<string, unknown>>>(`/items/${collection}${qs({
          filter: { [key]: { _in: [drafts.get(collection)?.id ?? row.id, row.id] } },
          fields: `${key},${alias}.*`,
          deep: { [alias]: { _filter: { [childKey]: { _in: all } }, _limit: -1 } },
        })}`);
        expect(deep.status, `${collection}.${alias} deep: ${deep.text.slice(0, 200)}`).toBe(200);
        expectNothingOfDrafts(deep, `${collection}.${alias} deep`);
        const items = dataOf(deep);
        expect(items.map((item) => String(item[key]))).toEqual([String(row.id)]);
        const nested = items[0]?.[alias];
        expect(sorted((Array.isArray(nested) ? nested as Array<Record<string, Key>> : []).map((r) => r[childKey] ?? '')), `${collection}.${alias} deep`).toEqual(expected);
      }
      // A published item pointing at a draft of another collection gets null there.
      for (const link of manyToOne(collection).filter((l) => drafts.has(l.related))) {
        const pointing = await api<Record<string, unknown>>(`/items/${collection}/${row.id}${qs({ fields: `${link.field},${link.field}.*` })}`);
        expect(pointing.status).toBe(200);
        expect(dataOf(pointing)[link.field], `${collection}.${link.field} pointing at a draft ${link.related}`).toBeNull();
      }
    }
  });

  it('answers GraphQL with the published rows only', async () => {
    for (const collection of [...roots.keys(), ...dependents.keys()]) {
      const key = primaryKeyOf(collection);
      const all = [...idsOf(hidden, collection), ...idsOf(visible, collection)];
      const query = `query { ${collection}(filter: { ${key}: { _in: ${JSON.stringify(all)} } }, limit: -1) { ${key} } }`;
      const result = await api<Record<string, Array<Record<string, Key>>>>('/graphql', { method: 'POST', body: { query } });
      expect(result.status, `${collection}: ${result.text.slice(0, 300)}`).toBe(200);
      expect(sorted((dataOf(result)[collection] ?? []).map((r) => r[key] ?? '')), collection).toEqual(sorted(idsOf(visible, collection)));
    }
  });

  it('keeps the files of drafts private and serves those of published items', async () => {
    for (const file of hiddenFiles()) {
      expect((await api(`/files/${file}`)).status, `/files/${file}`).toBe(403);
      expect((await fetch(`${contentUrl()}/assets/${file}`)).status, `/assets/${file}`).toBe(403);
      expect((await fetch(`${contentUrl()}/assets/${file}?download`)).status, `/assets/${file}?download`).toBe(403);
    }
    const listed = await api<Array<{ id: string }>>(`/files${qs({ filter: { id: { _in: [...hiddenFiles(), ...visibleFiles()] } }, fields: 'id,title', limit: -1 })}`);
    expect(listed.status).toBe(200);
    expect(sorted(dataOf(listed).map((f) => f.id))).toEqual(sorted(visibleFiles()));
    expectNothingOfDrafts(await api(`/files${qs({ fields: '*', limit: -1 })}`), '/files');
    for (const file of visibleFiles()) {
      const meta = await api<{ title: string }>(`/files/${file}`);
      expect(meta.status, `/files/${file}`).toBe(200);
      expect(dataOf(meta).title).toContain(PUBLISHED);
      const asset = await fetch(`${contentUrl()}/assets/${file}`);
      expect(asset.status, `/assets/${file}`).toBe(200);
      expect(await asset.text()).toContain(PUBLISHED);
    }
  });

  it('refuses filters and sorts across relations that could test guesses about a draft', async () => {
    const refused = (result: ApiResult, what: string) => {
      expect(result.status, `${what}: ${result.text.slice(0, 200)}`).toBe(400);
      expect(errorCode(result), what).toBe('INVALID_QUERY');
    };
    for (const [collection, links] of dependents) {
      const key = primaryKeyOf(collection);
      const draftRows = rowsOf(hidden, collection);
      for (const link of links) {
        const parentKey = primaryKeyOf(link.related);
        const follow = `$FOLLOW(${collection},${link.field})`;
        // Through the reverse relation as a join: refused. With _some (permissions apply): no draft row matches.
        refused(await api(`/items/${link.related}${qs({ filter: { [follow]: { [key]: { _in: draftRows.map((r) => r.id) } } } })}`), `${link.related} by ${follow}`);
        const some = await api<Array<Record<string, Key>>>(`/items/${link.related}${qs({ filter: { [follow]: { _some: { [key]: { _in: draftRows.map((r) => r.id) } } } }, fields: parentKey })}`);
        expect(some.status, some.text.slice(0, 200)).toBe(200);
        expect(dataOf(some), `${link.related} by ${follow} _some (drafts)`).toEqual([]);
        const visibleRows = rowsOf(visible, collection).map((r) => r.id);
        const someVisible = await api<Array<Record<string, Key>>>(`/items/${link.related}${qs({ filter: { [follow]: { _some: { [key]: { _in: visibleRows } } } }, fields: parentKey })}`);
        expect(dataOf(someVisible).map((r) => String(r[parentKey])), `${link.related} by ${follow} _some (published)`).toContain(String(published.get(link.related)?.id));
        // Through the many-to-one field into the parent: refused, as a filter and as a sort.
        refused(await api(`/items/${collection}${qs({ filter: { [link.field]: { [parentKey]: { _eq: drafts.get(link.related)?.id ?? 0 } } } })}`), `${collection} by ${link.field}.${parentKey}`);
        refused(await api(`/items/${collection}${qs({ sort: `${link.field}.${parentKey}` })}`), `${collection} sorted by ${link.field}.${parentKey}`);
        // The parent's key itself is an own value: allowed, and the draft's rows stay out.
        const own = await api<unknown[]>(`/items/${collection}${qs({ filter: { [link.field]: { _eq: drafts.get(link.related)?.id ?? 0 } } })}`);
        expect(own.status).toBe(200);
        expect(dataOf(own), `${collection} by ${link.field} = a draft`).toEqual([]);
      }
    }
    for (const [collection] of roots) {
      for (const { alias } of oneToMany(collection).filter(({ child }) => readable.has(child))) {
        refused(await api(`/items/${collection}${qs({ filter: { [alias]: { [primaryKeyOf(collection)]: { _nnull: true } } } })}`), `${collection} by ${alias}`);
      }
      for (const field of fileFields(collection)) {
        refused(await api(`/files${qs({ filter: { [`$FOLLOW(${collection},${field})`]: { [primaryKeyOf(collection)]: { _nnull: true } } } })}`), `/files by ${collection}.${field}`);
      }
    }
  });
});
