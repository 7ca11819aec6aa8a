// Reads the project's settings: `.env` when present, else `.env.example` (the local defaults), then the real
// environment on top, so `BRAND=hertz npm start` works without editing a file.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Parses KEY=VALUE lines; `#` starts a comment line; values may be quoted. */
export function parseEnvFile(text) {
  const values = {};
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    let value = match[2];
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) value = value.slice(1, -1);
    values[match[1]] = value;
  }
  return values;
}

export function loadProjectEnv(root, overrides = process.env) {
  const file = existsSync(join(root, '.env')) ? '.env' : '.env.example';
  const fromFile = parseEnvFile(readFileSync(join(root, file), 'utf8'));
  const merged = { ...fromFile };
  for (const key of Object.keys(fromFile)) {
    if (overrides[key] !== undefined && overrides[key] !== '') merged[key] = overrides[key];
  }
  return { env: merged, file };
}
