// Seed loader: seed/data/<collection>.json (Directus create payloads) + seed/assets/** (uploaded once).
//
// Markers inside the payloads:
//   "@file:cars/sedan.svg"                 -> id of seed/assets/cars/sedan.svg, uploaded once (deduped by path);
//                                             title/description from seed/assets/files.json when present
//   { "@ref": "branches", "code": "PTY" }  -> id of the one branches item whose code is PTY (any field; several
//                                             fields when none is unique alone: { "@ref": "flota", "marca": "Kia",
//                                             "modelo": "Picanto" })
// Items are created in one transaction (all or nothing); files are uploaded first, outside it, and are found
// again by folder + name on a retry.

import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, sep } from 'node:path';

export const LOAD_ORDER = [
  'languages', 'prepaid_discounts', 'branches', 'flota', 'vehicles', 'extras', 'coverages', 'dropoff_fees',
  'delivery_options', 'cta', 'sites_config', 'info_pages', 'rate_seasons', 'promos', 'jobs', 'coupons', 'corporate_accounts', 'length_discounts',
];

const ROOT_FOLDER = 'Storefront assets';
const MIME = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.gif': 'image/gif', '.avif': 'image/avif', '.pdf': 'application/pdf' };

export function readSeed(seedDir) {
  const dataDir = join(seedDir, 'data');
  const assetsDir = join(seedDir, 'assets');
  const files = {};
  for (const collection of LOAD_ORDER) {
    const file = join(dataDir, `${collection}.json`);
    if (!existsSync(file)) continue;
    let items;
    try {
      items = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`seed: ${relative(process.cwd(), file)} is not valid JSON: ${error.message}`);
    }
    if (!Array.isArray(items)) throw new Error(`seed: ${file} must hold a JSON array`);
    files[collection] = items;
  }
  const metaFile = join(assetsDir, 'files.json');
  const assetMeta = existsSync(metaFile) ? JSON.parse(readFileSync(metaFile, 'utf8')) : {};
  return { dataDir, assetsDir, collections: files, assetMeta };
}

function collectFileRefs(value, out) {
  if (typeof value === 'string') {
    if (value.startsWith('@file:')) out.add(value.slice(6));
  } else if (Array.isArray(value)) {
    for (const v of value) collectFileRefs(v, out);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) collectFileRefs(v, out);
  }
  return out;
}

export async function seedContent(d, { db, schema, seedDir, log }) {
  const seed = readSeed(seedDir);
  const names = Object.keys(seed.collections);
  if (names.length === 0) {
    log(`seed: no data files in ${seed.dataDir}; nothing to load`);
    return { items: 0, files: 0 };
  }
  const S = d.services;
  const t0 = Date.now();

  // 1. Files (outside the transaction: storage is not transactional; found again on a retry).
  const paths = [...collectFileRefs(seed.collections, new Set())].sort();
  const fileIds = new Map();
  const folders = new S.FoldersService({ knex: db, schema });
  const filesService = new S.FilesService({ knex: db, schema });
  const folderIds = new Map();
  const ensureFolder = async (relDir) => {
    const key = relDir || '';
    if (folderIds.has(key)) return folderIds.get(key);
    const parent = key === '' ? null : await ensureFolder(key.includes('/') ? key.slice(0, key.lastIndexOf('/')) : '');
    const name = key === '' ? ROOT_FOLDER : key.slice(key.lastIndexOf('/') + 1);
    const q = db('directus_folders').select('id').where({ name });
    const found = await (parent ? q.where({ parent }) : q.whereNull('parent')).first();
    const id = found?.id ?? await folders.createOne({ name, parent });
    folderIds.set(key, id);
    return id;
  };
  let uploaded = 0;
  for (const p of paths) {
    const abs = join(seed.assetsDir, ...p.split('/'));
    if (!existsSync(abs)) throw new Error(`seed: "@file:${p}" points at a missing file (${abs})`);
    const dir = dirname(p) === '.' ? '' : dirname(p).split(sep).join('/');
    const folder = await ensureFolder(dir);
    const filename = basename(p);
    const existing = await db('directus_files').select('id').where({ folder, filename_download: filename }).first();
    if (existing) {
      fileIds.set(p, existing.id);
      continue;
    }
    const meta = seed.assetMeta[p] ?? {};
    const title = meta.title ?? titleFromName(filename);
    const description = meta.description ?? `Seed asset ${p}`;
    const id = await filesService.uploadOne(createReadStream(abs), {
      filename_download: filename,
      type: MIME[extname(filename).toLowerCase()] ?? 'application/octet-stream',
      title,
      description,
      folder,
    });
    fileIds.set(p, id);
    uploaded++;
  }

  // 2. Items, in one transaction.
  let count = 0;
  const perCollection = [];
  await db.transaction(async (trx) => {
    // The same reference is looked up once (a thousand units name a few dozen models and branches).
    const refIds = new Map();
    const resolve = async (value, where) => {
      if (typeof value === 'string' && value.startsWith('@file:')) return fileIds.get(value.slice(6));
      if (Array.isArray(value)) return Promise.all(value.map((v) => resolve(v, where)));
      if (value && typeof value === 'object') {
        if ('@ref' in value) {
          const key = JSON.stringify(value);
          if (!refIds.has(key)) refIds.set(key, await resolveRef(trx, schema, value, where));
          return refIds.get(key);
        }
        const out = {};
        for (const [k, v] of Object.entries(value)) out[k] = await resolve(v, `${where}.${k}`);
        return out;
      }
      return value;
    };
    for (const collection of names) {
      if (!schema.collections[collection]) throw new Error(`seed: data/${collection}.json: no such collection in the schema`);
      const service = new S.ItemsService(collection, { knex: trx, schema });
      const items = seed.collections[collection];
      for (const [i, raw] of items.entries()) {
        const where = `data/${collection}.json[${i}]`;
        try {
          const payload = await resolve(raw, where);
          await service.createOne(payload, { emitEvents: false });
        } catch (error) {
          throw new Error(`seed: ${where}: ${describe(error)}`);
        }
      }
      count += items.length;
      perCollection.push(`${collection} ${items.length}`);
    }
  });
  log(`seed: ${count} items (${perCollection.join(', ')}), ${paths.length} files (${uploaded} uploaded) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { items: count, files: paths.length };
}

async function resolveRef(trx, schema, ref, where) {
  const { '@ref': collection, ...match } = ref;
  if (Object.keys(match).length === 0) throw new Error(`${where}: @ref must name at least one field (got ${JSON.stringify(ref)})`);
  const info = schema.collections[collection];
  if (!info) throw new Error(`${where}: @ref to unknown collection "${collection}"`);
  const rows = await trx(collection).select(info.primary).where(match).limit(2);
  if (rows.length !== 1) {
    const what = Object.entries(match).map(([field, value]) => `${collection}.${field} = ${JSON.stringify(value)}`).join(' and ');
    throw new Error(`${where}: @ref ${what} matched ${rows.length === 0 ? 'no item' : 'more than one item'} (is it loaded earlier?)`);
  }
  return rows[0][info.primary];
}

function titleFromName(filename) {
  const stem = filename.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' ');
  return stem.charAt(0).toUpperCase() + stem.slice(1);
}

function describe(error) {
  const extensions = error?.extensions ? ` ${JSON.stringify(error.extensions)}` : '';
  return `${error?.message ?? error}${extensions}`;
}
