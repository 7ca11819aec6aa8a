import { describe, expect, it } from 'vitest';
import { flowDefinition } from '../../schema/access.mjs';
import { differs, parse } from './rows.mjs';

// The flow's operation as the reconciler wants it, and as each database returns the row it wrote.
const want = { ...flowDefinition({ url: 'http://127.0.0.1:3000/api/content-callbacks/revalidate', secret: 'a-secret-of-the-flow' }).operations[0], flow: 'f' };
const sqliteRow = { ...want, options: JSON.stringify(want.options), date_created: '2026-11-27 20:00:00' };
const postgresRow = { ...want, options: structuredClone(want.options), date_created: new Date('2026-11-27T20:00:00Z') };

describe('a stored row against the wanted values', () => {
  it('is the same whether its JSON column comes back as text (SQLite) or parsed (PostgreSQL)', () => {
    expect(differs(sqliteRow, want)).toBe(false);
    expect(differs(postgresRow, want)).toBe(false);
  });

  it('differs when a value inside a JSON column changed, on either database', () => {
    const moved = { ...want, options: { ...want.options, url: 'http://nginx/api/content-callbacks/revalidate' } };
    expect(differs(sqliteRow, moved)).toBe(true);
    expect(differs(postgresRow, moved)).toBe(true);
    const otherSecret = { ...want, options: { ...want.options, headers: [{ header: 'x-callback-secret', value: 'another-secret' }] } };
    expect(differs(postgresRow, otherSecret)).toBe(true);
  });

  it('compares arrays in order, as text or parsed', () => {
    expect(differs({ collections: '["flota","promos"]' }, { collections: ['flota', 'promos'] })).toBe(false);
    expect(differs({ collections: ['flota', 'promos'] }, { collections: ['flota', 'promos'] })).toBe(false);
    expect(differs({ collections: ['promos', 'flota'] }, { collections: ['flota', 'promos'] })).toBe(true);
  });

  it('reads SQLite’s 0/1 as the booleans PostgreSQL returns', () => {
    expect(differs({ public_registration: 1, show_header: 0 }, { public_registration: true, show_header: false })).toBe(false);
    expect(differs({ public_registration: true }, { public_registration: true })).toBe(false);
    expect(differs({ public_registration: 0 }, { public_registration: true })).toBe(true);
    expect(differs({ public_registration: false }, { public_registration: true })).toBe(true);
  });

  it('reads PostgreSQL’s bigint and decimal strings as the numbers wanted', () => {
    expect(differs({ position_x: '37', width: '12.5' }, { position_x: 37, width: 12.5 })).toBe(false);
    expect(differs({ position_x: '38' }, { position_x: 37 })).toBe(true);
    expect(differs({ position_x: '' }, { position_x: 0 })).toBe(true);
    expect(differs({ position_x: 'x' }, { position_x: 0 })).toBe(true);
  });

  it('takes null, undefined and a missing column as no value, and a value as not none', () => {
    expect(differs({ color: null }, { color: null, note: undefined })).toBe(false);
    expect(differs({}, { resolve: null })).toBe(false);
    expect(differs({ reject: 'op' }, { reject: null })).toBe(true);
    expect(differs({ options: null }, { options: { a: 1 } })).toBe(true);
    expect(differs({ name: null }, { name: 'Hoy' })).toBe(true);
  });

  it('counts only the wanted columns', () => {
    expect(differs({ id: 1, name: 'Hoy', date_created: new Date() }, { name: 'Hoy' })).toBe(false);
  });

  it('does not read a plain text column as JSON', () => {
    expect(differs({ name: '123' }, { name: '123' })).toBe(false);
    expect(differs({ description: 'not json' }, { description: { text: 'not json' } })).toBe(true);
  });
});

describe('a JSON column parsed', () => {
  it('is the value whichever way the database returned it, and null for no value', () => {
    expect(parse('{"_and":[{"status":{"_eq":"published"}}]}')).toEqual({ _and: [{ status: { _eq: 'published' } }] });
    const parsed = { _and: [] };
    expect(parse(parsed)).toBe(parsed);
    expect(parse(null)).toBeNull();
    expect(parse(undefined)).toBeNull();
    expect(parse('not json')).toBe('not json');
  });
});
