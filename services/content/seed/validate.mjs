#!/usr/bin/env node
// Validates the seed in this folder against docs/content-model.md. Plain Node, no dependencies.
// Usage: node services/content/seed/validate.mjs   (exit code 1 when a problem is found)
//
// Checks: every data file parses as a JSON array of create payloads (no ids); every "@file:" path exists
// and is described in assets/files.json; every { "@ref": collection, field: value, ... } matches exactly one
// item of that collection; every enumerated value (brand, tipo, status, ...) is one the contract allows;
// white text on each brand's primary colour meets WCAG AA (4.5:1); every translated item has both
// es-ES and en-US with its fields filled; plus a few consistency checks (unique keys, E.164 phones,
// integer cents, opening hours, allowed HTML, allowed classes present in the fleet, units with unique Panama plates
// and a unit of every car somewhere, booking rules and young-driver bands of every brand).

import { readFileSync, existsSync, statSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(fileURLToPath(import.meta.url));
const DATA = join(ROOT, 'data');
const ASSETS = join(ROOT, 'assets');

const COLLECTIONS = ['languages', 'prepaid_discounts', 'branches', 'flota', 'vehicles', 'extras', 'coverages', 'dropoff_fees',
  'delivery_options', 'cta', 'sites_config', 'info_pages', 'rate_seasons', 'promos', 'jobs', 'coupons', 'corporate_accounts', 'length_discounts'];
const LANGS = ['es-ES', 'en-US'];
const BRANDS = ['firefly', 'hertz', 'thrifty', 'dollar'];
const PUBLISHABLE = ['published', 'draft', 'archived'];
const ENUMS = {
  sites_config: { status: PUBLISHABLE, brand: BRANDS },
  flota: { status: ['available', 'lowAvailability', 'unavailable', 'promo'], tipo: ['sedan', 'hatchback', 'suv', 'pickup', 'minivan', 'van', 'coupe'], transmision: ['automatic', 'manual'], combustible: ['gas', 'diesel'] },
  prepaid_discounts: { status: PUBLISHABLE },
  branches: { status: PUBLISHABLE },
  coverages: { status: PUBLISHABLE },
  extras: { status: PUBLISHABLE },
  delivery_options: { status: PUBLISHABLE },
  info_pages: { status: PUBLISHABLE, page_category: ['general', 'legal', 'help', 'corporate'] },
  cta: { status: PUBLISHABLE },
  promos: { status: PUBLISHABLE },
  jobs: { status: PUBLISHABLE, employment_type: ['full_time', 'part_time', 'internship'] },
  coupons: { status: ['active', 'inactive'], kind: ['percent', 'fixed'] },
  corporate_accounts: { status: PUBLISHABLE },
  rate_seasons: { status: PUBLISHABLE },
  length_discounts: { status: PUBLISHABLE },
  languages: { code: LANGS, direction: ['ltr'] },
};
const TRANSLATED = {
  sites_config: ['tagline', 'hero_title', 'hero_subtitle', 'description', 'seo_description'],
  branches: ['directions'],
  coverages: ['name', 'description', 'benefits'],
  extras: ['name', 'description'],
  delivery_options: ['name', 'description'],
  info_pages: ['title', 'content'],
  cta: ['title', 'description', 'button_text', 'cta_image'],
  promos: ['title', 'description', 'terms'],
  jobs: ['title', 'summary', 'description', 'requirements'],
};
const UNIQUE = {
  languages: ['code'], sites_config: ['brand'], prepaid_discounts: ['charge_id'], branches: ['code'], coverages: ['code'], extras: ['code'],
  delivery_options: ['code'], info_pages: ['slug'], cta: ['link'], promos: ['slug'], jobs: ['slug'], coupons: ['code'],
  corporate_accounts: ['name'],
};
const CENTS = {
  flota: ['precio_firefly', 'precio_hertz', 'precio_thrifty', 'precio_dollar'], coverages: ['daily_rate_sedan', 'daily_rate_other', 'deductible', 'deposit_sedan', 'deposit_other'],
  dropoff_fees: ['fee'], delivery_options: ['price'], sites_config: ['era_daily_rate'], extras: ['daily_rate', 'max_per_rental'],
};
const HTML_TAGS = new Set(['h2', 'h3', 'p', 'ul', 'ol', 'li', 'strong', 'a']);
// Panama: 7-digit landlines (not starting with 0, 1 or 6) and 8-digit mobiles starting with 6
const E164_PA = /^\+507(?:6\d{7}|[2-57-9]\d{6})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i;
const ACRISS = /^[MNEHCDIJSRFGPULWOX][BCDWVLSTFJXPQZEMRHYNGK][MNCABD][RNDQHIECLSABMFVZUX]$/;
const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

const problems = [];
const fail = (where, msg) => problems.push(`${where}: ${msg}`);
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const label = (c, item, i) => `${c}[${i}${item && (item.code || item.slug || item.brand || item.link || item.charge_id || item.modelo) ? ` ${item.code || item.slug || item.brand || item.link || item.charge_id || item.modelo}` : ''}]`;

// ---------- 1. files parse ----------
const data = {};
for (const c of COLLECTIONS) {
  const file = join(DATA, `${c}.json`);
  if (!existsSync(file)) { fail(`data/${c}.json`, 'missing'); continue; }
  try {
    const v = JSON.parse(readFileSync(file, 'utf8'));
    if (!Array.isArray(v)) fail(`data/${c}.json`, 'is not a JSON array');
    else data[c] = v;
  } catch (e) { fail(`data/${c}.json`, `does not parse: ${e.message}`); }
}
for (const f of readdirSync(DATA)) if (f.endsWith('.json') && !COLLECTIONS.includes(f.slice(0, -5))) fail(`data/${f}`, 'unexpected file (not a collection of the contract)');

let filesMeta = {};
try { filesMeta = JSON.parse(readFileSync(join(ASSETS, 'files.json'), 'utf8')); } catch (e) { fail('assets/files.json', `missing or invalid: ${e.message}`); }

// ---------- 2. @file and @ref, walked through every value ----------
const usedFiles = new Set();
function walk(v, where, visit) {
  if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${where}[${i}]`, visit));
  else if (isObj(v)) { visit(v, where); for (const [k, x] of Object.entries(v)) walk(x, `${where}.${k}`, visit); }
  else visit(v, where);
}
for (const [c, items] of Object.entries(data)) {
  items.forEach((item, i) => {
    const at = label(c, item, i);
    if (!isObj(item)) return fail(at, 'item is not an object');
    if ('id' in item && c !== 'languages') fail(at, 'has an id field (let the database assign it)');
    walk(item, at, (v, where) => {
      if (typeof v === 'string' && v.startsWith('@file:')) {
        const p = v.slice(6);
        usedFiles.add(p);
        if (!existsSync(join(ASSETS, p))) fail(where, `@file ${p} does not exist in assets/`);
        if (!filesMeta[p]) fail(where, `@file ${p} is not described in assets/files.json`);
      } else if (isObj(v) && '@ref' in v) {
        const target = v['@ref'];
        const keys = Object.keys(v).filter((k) => k !== '@ref');
        if (keys.length === 0) return fail(where, '@ref needs at least one lookup field');
        if (!data[target]) return fail(where, `@ref to unknown or unreadable collection ${target}`);
        const n = data[target].filter((t) => keys.every((k) => t[k] === v[k])).length;
        if (n !== 1) fail(where, `@ref ${target} ${keys.map((k) => `${k}=${JSON.stringify(v[k])}`).join(' ')} matches ${n} items (need exactly 1)`);
      }
    });
  });
}
for (const [p, meta] of Object.entries(filesMeta)) {
  const abs = join(ASSETS, p);
  if (!existsSync(abs)) { fail(`assets/files.json ${p}`, 'file does not exist'); continue; }
  if (!meta || !meta.title || !meta.description) fail(`assets/files.json ${p}`, 'needs title and description (alt text)');
  if (!usedFiles.has(p)) fail(`assets/files.json ${p}`, 'is never referenced by the data');
  if (p.endsWith('.svg')) {
    const svg = readFileSync(abs, 'utf8');
    if (!/<svg[\s>]/.test(svg) || !/<title[^>]*>[^<]+<\/title>/.test(svg)) fail(`assets/${p}`, 'not an SVG with a <title>');
    if (/(?:href|src)\s*=\s*"(?:https?:)?\/\//.test(svg)) fail(`assets/${p}`, 'references an external resource');
    if (p.startsWith('cars/') && statSync(abs).size >= 6144) fail(`assets/${p}`, 'car illustration is 6 KB or more');
  }
}

// ---------- 3. enumerations, uniqueness, cents ----------
for (const [c, fields] of Object.entries(ENUMS)) for (const [i, item] of (data[c] || []).entries()) {
  for (const [f, allowed] of Object.entries(fields)) if (!allowed.includes(item[f])) fail(`${label(c, item, i)}.${f}`, `${JSON.stringify(item[f])} is not one of ${allowed.join(', ')}`);
}
for (const [c, fields] of Object.entries(UNIQUE)) for (const f of fields) {
  const seen = new Set();
  for (const [i, item] of (data[c] || []).entries()) {
    const v = typeof item[f] === 'string' && c === 'coupons' ? item[f].toUpperCase() : item[f];
    if (v == null || v === '') fail(`${label(c, item, i)}.${f}`, 'required');
    else if (seen.has(v)) fail(`${label(c, item, i)}.${f}`, `duplicate ${JSON.stringify(v)}`);
    seen.add(v);
  }
}
for (const [c, fields] of Object.entries(CENTS)) for (const [i, item] of (data[c] || []).entries()) for (const f of fields) {
  const v = item[f];
  if (v === null && c === 'flota') continue;
  if (!Number.isInteger(v) || v < 0) fail(`${label(c, item, i)}.${f}`, `must be integer cents, got ${JSON.stringify(v)}`);
}
for (const c of ['promos', 'coupons']) for (const [i, item] of (data[c] || []).entries()) {
  if (!Array.isArray(item.brands) || item.brands.some((b) => !BRANDS.includes(b))) fail(`${label(c, item, i)}.brands`, 'must be an array of brand ids');
}
const LANG_CODES = (data.languages || []).map((l) => l.code);
for (const l of LANGS) if (!LANG_CODES.includes(l)) fail('languages', `missing ${l}`);
const present = (data.sites_config || []).map((s) => s.brand);
for (const b of BRANDS) if (!present.includes(b)) fail('sites_config', `no item for brand ${b}`);

// ---------- 4. translations: both languages, fields filled ----------
const htmlProblems = (html) => [...html.matchAll(/<\/?([a-zA-Z0-9]+)[^>]*>/g)].map((m) => m[1].toLowerCase()).filter((t) => !HTML_TAGS.has(t));
for (const [c, fields] of Object.entries(TRANSLATED)) for (const [i, item] of (data[c] || []).entries()) {
  const at = label(c, item, i);
  const trs = item.translations;
  if (!Array.isArray(trs)) { fail(at, 'translations missing'); continue; }
  const codes = trs.map((t) => t.languages_code);
  for (const l of LANGS) if (codes.filter((x) => x === l).length !== 1) fail(`${at}.translations`, `needs exactly one ${l} entry`);
  for (const t of trs) {
    if (!LANGS.includes(t.languages_code)) fail(`${at}.translations`, `unknown language ${t.languages_code}`);
    for (const f of fields) {
      const v = t[f];
      const ok = Array.isArray(v) ? v.length > 0 && v.every((s) => typeof s === 'string' && s.trim()) : typeof v === 'string' && v.trim();
      if (!ok) fail(`${at}.translations(${t.languages_code}).${f}`, 'missing or empty');
    }
    if (c === 'sites_config' && typeof t.seo_description === 'string' && t.seo_description.length > 155) fail(`${at}.translations(${t.languages_code}).seo_description`, `${t.seo_description.length} chars (max 155)`);
    for (const f of ['content', 'description']) if ((c === 'info_pages' || c === 'jobs') && typeof t[f] === 'string') {
      const bad = htmlProblems(t[f]);
      if (bad.length) fail(`${at}.translations(${t.languages_code}).${f}`, `HTML tags not allowed: ${[...new Set(bad)].join(', ')}`);
    }
  }
}

// ---------- 5. brand colours ----------
const lum = (hex) => {
  const [r, g, b] = [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
const HEX = /^#[0-9a-fA-F]{6}$/;
const contrastReport = [];
for (const [i, s] of (data.sites_config || []).entries()) {
  const at = label('sites_config', s, i);
  for (const f of ['primary_color', 'secondary_color', 'accent_color', 'reservation_background_color']) if (!HEX.test(s[f] || '')) fail(`${at}.${f}`, `not a #rrggbb colour: ${s[f]}`);
  if (!HEX.test(s.primary_color || '')) continue;
  const ratio = contrast(s.primary_color, '#ffffff');
  contrastReport.push(`${s.brand}: white on ${s.primary_color} = ${ratio.toFixed(2)}:1`);
  if (ratio < 4.5) fail(`${at}.primary_color`, `white text contrast ${ratio.toFixed(2)}:1 is below 4.5:1`);
  for (const f of ['assistance_phone', 'assistance_whatsapp']) if (!E164_PA.test(s[f] || '')) fail(`${at}.${f}`, `not a Panama E.164 number: ${s[f]}`);
  if (!EMAIL.test(s.assistance_email || '')) fail(`${at}.assistance_email`, 'invalid email');
  if (s.seo_description) fail(at, 'seo_description belongs in translations');
  for (const [j, car] of (s.cars || []).entries()) {
    if (!ACRISS.test(car.clasificacion || '')) fail(`${at}.cars[${j}]`, `not an ACRISS code: ${car.clasificacion}`);
    const fleet = (data.flota || []).filter((f) => f.clasificacion === car.clasificacion);
    if (!fleet.length) fail(`${at}.cars[${j}]`, `class ${car.clasificacion} has no car in flota`);
    if (fleet.some((f) => f[`precio_${s.brand}`] == null)) fail(`${at}.cars[${j}]`, `a ${car.clasificacion} car has no ${s.brand} price`);
  }
}

// ---------- 6. other consistency ----------
for (const [i, car] of (data.flota || []).entries()) {
  const at = label('flota', car, i);
  if (!ACRISS.test(car.clasificacion || '')) fail(`${at}.clasificacion`, `not an ACRISS code: ${car.clasificacion}`);
  if (car.image !== `@file:cars/${car.tipo}.svg`) fail(`${at}.image`, `expected @file:cars/${car.tipo}.svg`);
  for (const f of ['anio', 'puertas', 'maletas', 'pasajeros']) if (!Number.isInteger(car[f]) || car[f] < 0) fail(`${at}.${f}`, 'must be a non-negative integer');
  if (car.minimio_dias !== null && !(Number.isInteger(car.minimio_dias) && car.minimio_dias >= 1)) fail(`${at}.minimio_dias`, 'null or integer >= 1');
  if (typeof car.featured !== 'boolean' || typeof car.published !== 'boolean') fail(at, 'featured and published must be booleans');
  if (BRANDS.every((b) => car[`precio_${b}`] == null)) fail(at, 'offered by no brand');
}
for (const [i, b] of (data.branches || []).entries()) {
  const at = label('branches', b, i);
  if (!E164_PA.test(b.phone || '')) fail(`${at}.phone`, `not a Panama E.164 number: ${b.phone}`);
  if (!EMAIL.test(b.email || '')) fail(`${at}.email`, 'invalid email');
  if (!(b.latitude > 7 && b.latitude < 10 && b.longitude > -83.1 && b.longitude < -77.1)) fail(at, 'latitude/longitude outside Panama');
  if (!Array.isArray(b.opening_hours) || !b.opening_hours.length) fail(`${at}.opening_hours`, 'required');
  for (const h of b.opening_hours || []) {
    if (!Array.isArray(h.days) || !h.days.every((d) => Number.isInteger(d) && d >= 0 && d <= 6) || !HHMM.test(h.open) || !HHMM.test(h.close) || h.open >= h.close) fail(`${at}.opening_hours`, `bad entry ${JSON.stringify(h)}`);
  }
  if (typeof b.airport_fee_percent !== 'number' || (b.is_airport ? b.airport_fee_percent <= 0 : b.airport_fee_percent !== 0)) fail(`${at}.airport_fee_percent`, 'airports > 0, town branches 0');
}
const pairs = new Set();
for (const [i, d] of (data.dropoff_fees || []).entries()) {
  const key = `${d.from_branch?.code}>${d.to_branch?.code}`;
  if (d.from_branch?.code === d.to_branch?.code) fail(`dropoff_fees[${i}]`, 'same branch (omit: the fee is 0)');
  if (pairs.has(key)) fail(`dropoff_fees[${i}]`, `duplicate pair ${key}`);
  pairs.add(key);
}
for (const k of pairs) { const [a, b] = k.split('>'); if (!pairs.has(`${b}>${a}`)) fail('dropoff_fees', `${k} has no return direction`); }
for (const [i, c] of (data.coupons || []).entries()) {
  const at = label('coupons', c, i);
  if (c.code !== c.code?.toUpperCase()) fail(`${at}.code`, 'store coupon codes upper case');
  if (c.kind === 'percent' && !(c.amount > 0 && c.amount <= 100)) fail(`${at}.amount`, 'percent must be 1..100');
  if (c.kind === 'fixed' && !Number.isInteger(c.amount)) fail(`${at}.amount`, 'fixed amount must be integer cents');
  if (!(Date.parse(c.valid_from) < Date.parse(c.valid_until))) fail(at, 'valid_from must be before valid_until');
}
for (const [i, p] of (data.promos || []).entries()) {
  if (!(p.valid_from <= p.valid_until)) fail(label('promos', p, i), 'valid_from must not be after valid_until');
  if (p.coupon_code && !(data.coupons || []).some((c) => c.code === p.coupon_code)) fail(label('promos', p, i), `coupon_code ${p.coupon_code} is not in coupons`);
}
for (const slug of ['terminos-y-condiciones', 'politica-de-privacidad', 'preguntas-frecuentes', 'leasing-operativo', 'planes-corporativos', 'requisitos-para-alquilar']) {
  const p = (data.info_pages || []).find((x) => x.slug === slug);
  if (!p || p.status !== 'published') fail('info_pages', `published page ${slug} missing`);
}

for (const [i, x] of (data.extras || []).entries()) {
  const at = label('extras', x, i);
  if (!/^[A-Z0-9_]+$/.test(x.code || '')) fail(`${at}.code`, 'upper case letters, digits and _ only');
  if (!(Number.isInteger(x.max_quantity) && x.max_quantity >= 1)) fail(`${at}.max_quantity`, 'integer >= 1');
  if (x.max_per_rental !== null && x.max_per_rental < x.daily_rate) fail(`${at}.max_per_rental`, 'a cap below one day\'s rate');
}
// Units: one per plate, in Panama's form (the domain's isPanamaPlate, packages/domain/src/vehicles/identity.ts: this
// file runs without TypeScript), each of a car and at a branch of the seed, and every car with a unit somewhere.
const PANAMA_PLATE = /^(?:[A-Z]{2}\d{4}|\d{6})$/;
const VEHICLE_STATUSES = ['ready', 'needs_cleaning', 'in_maintenance', 'out_of_service'];
const plates = new Set();
const carsWithUnits = new Set();
for (const [i, v] of (data.vehicles || []).entries()) {
  const at = `vehicles[${i}]`;
  if (!PANAMA_PLATE.test(v.plate || '')) fail(`${at}.plate`, `a Panama plate in capitals without hyphen (AB1234 or 123456), got ${JSON.stringify(v.plate)}`);
  if (plates.has(v.plate)) fail(`${at}.plate`, `duplicate plate ${v.plate}`);
  plates.add(v.plate);
  if (!VEHICLE_STATUSES.includes(v.status)) fail(`${at}.status`, `one of ${VEHICLE_STATUSES.join(', ')}`);
  if (!(Number.isInteger(v.fuel_eighths) && v.fuel_eighths >= 0 && v.fuel_eighths <= 8)) fail(`${at}.fuel_eighths`, 'integer from 0 to 8');
  if (!(Number.isInteger(v.mileage) && v.mileage >= 0)) fail(`${at}.mileage`, 'integer >= 0');
  if (!v.current_branch || typeof v.current_branch !== 'object') fail(`${at}.current_branch`, 'a branch reference');
  if (v.car && typeof v.car === 'object') carsWithUnits.add(`${v.car.marca} ${v.car.modelo}`);
}
if (data.vehicles) for (const car of data.flota || []) {
  if (!carsWithUnits.has(`${car.marca} ${car.modelo}`)) fail('vehicles', `no unit of ${car.marca} ${car.modelo}`);
}
for (const [i, s] of (data.sites_config || []).entries()) {
  const at = label('sites_config', s, i);
  if (!(Number.isInteger(s.turnaround_buffer_minutes) && s.turnaround_buffer_minutes >= 0)) fail(`${at}.turnaround_buffer_minutes`, 'integer >= 0');
  if (!(Number.isInteger(s.payment_hold_minutes) && s.payment_hold_minutes >= 1)) fail(`${at}.payment_hold_minutes`, 'integer >= 1');
  if (!(Number.isInteger(s.cancellation_full_refund_hours) && s.cancellation_full_refund_hours >= 0)) fail(`${at}.cancellation_full_refund_hours`, 'integer >= 0');
  if (!(Number.isInteger(s.cancellation_late_fee_days) && s.cancellation_late_fee_days >= 0 && s.cancellation_late_fee_days <= 30)) {
    fail(`${at}.cancellation_late_fee_days`, 'integer from 0 to 30');
  }
  if (!(Number.isInteger(s.reminder_hours_before_pickup) && s.reminder_hours_before_pickup >= 1 && s.reminder_hours_before_pickup <= 168)) {
    fail(`${at}.reminder_hours_before_pickup`, 'integer from 1 to 168');
  }
  const bands = s.young_driver_fees ?? [];
  if (!Array.isArray(bands)) { fail(`${at}.young_driver_fees`, 'a list of age bands or null'); continue; }
  const sortedBands = [...bands].sort((a, b) => a.min_age - b.min_age);
  for (const [j, b] of sortedBands.entries()) {
    const ok = Number.isInteger(b.min_age) && Number.isInteger(b.max_age) && b.min_age <= b.max_age
      && Number.isInteger(b.daily_rate) && b.daily_rate >= 0 && (b.max_per_rental == null || (Number.isInteger(b.max_per_rental) && b.max_per_rental >= b.daily_rate));
    if (!ok) fail(`${at}.young_driver_fees`, `bad band ${JSON.stringify(b)}`);
    if (j > 0 && b.min_age <= sortedBands[j - 1].max_age) fail(`${at}.young_driver_fees`, `bands ${JSON.stringify(sortedBands[j - 1])} and ${JSON.stringify(b)} overlap`);
  }
}

// ---------- report ----------
const counts = Object.entries(data).map(([c, v]) => `${c}=${v.length}`).join(' ');
console.log(`seed: ${counts}`);
console.log(`assets: ${Object.keys(filesMeta).length} described, ${usedFiles.size} referenced`);
for (const line of contrastReport) console.log(`contrast ${line}`);
if (problems.length) {
  console.error(`\n${problems.length} problem(s):`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
console.log('seed OK');
