// Stock counts become units, once (docs/fleet.md, "Data kept from before units"): a database from before units counted
// the cars of each model per branch (`fleet_stock`: car, branch, units). Before the snapshot drops that table, its rows
// are read; after it, when `vehicles` is still empty, each count becomes that many units, ready, at that branch, with
// generated plates (the "MG" series, which the seed does not use) for staff to correct in the admin. Reservations are
// left as they were: they hold no unit until the assignment pass gives them one.

/** The stock counts of an older database, or null when it has none (a new database, or one already migrated). */
export async function readStockCounts(db) {
  if (!(await db.schema.hasTable('fleet_stock'))) return null;
  const rows = await db('fleet_stock').select('car', 'branch', 'units').orderBy('id');
  return rows
    .map((row) => ({ car: Number(row.car), branch: Number(row.branch), units: Math.max(0, Math.trunc(Number(row.units) || 0)) }))
    .filter((row) => Number.isSafeInteger(row.car) && Number.isSafeInteger(row.branch) && row.units > 0);
}

/** The n-th generated plate (0-based): MG0001 ... MG9999, then MH0000 ... */
export function migratedPlate(index) {
  const number = index + 1;
  const letters = 'GHJKLNPRSTUVWXYZ';
  const second = letters[Math.floor(number / 10_000)];
  if (second === undefined) throw new Error('migrate-stock: more units than generated plates');
  return `M${second}${String(number % 10_000).padStart(4, '0')}`;
}

/** The units for `counts`, as rows of `vehicles`. */
export function unitsOfCounts(counts) {
  const units = [];
  for (const { car, branch, units: count } of counts) {
    for (let unit = 0; unit < count; unit += 1) {
      units.push({ plate: migratedPlate(units.length), car, home_branch: branch, current_branch: branch, status: 'ready', mileage: 0, fuel_eighths: 8 });
    }
  }
  return units;
}

/** Creates the units of `counts` when `vehicles` is empty; answers how many were created. */
export async function createUnitsFromCounts(db, counts) {
  if (!counts || counts.length === 0) return 0;
  const present = Number((await db('vehicles').count('* as n').first()).n);
  if (present > 0) return 0;
  const units = unitsOfCounts(counts);
  await db.transaction(async (trx) => {
    for (let start = 0; start < units.length; start += 200) await trx('vehicles').insert(units.slice(start, start + 200));
  });
  return units.length;
}
