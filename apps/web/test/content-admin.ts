// Staff access to a content service for tests that edit content as staff would (the admin from ADMIN_EMAIL /
// ADMIN_PASSWORD, which the harness passes on).

/** Logs in as the administrator and returns the headers of a JSON request made as them. */
export async function adminHeaders(contentUrl: string): Promise<Record<string, string>> {
  const login = () =>
    fetch(`${contentUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD }),
    });
  let response = await login();
  // The content service sheds load with 503 ("Under pressure") while browsers and builds share the machine.
  for (let attempt = 1; response.status === 503 && attempt <= 4; attempt += 1) {
    await new Promise((done) => setTimeout(done, 500 * attempt));
    response = await login();
  }
  if (response.status !== 200) throw new Error(`admin login at ${contentUrl} answered ${response.status}: ${await response.text()}`);
  const { data } = (await response.json()) as { data: { access_token: string } };
  return { authorization: `Bearer ${data.access_token}`, 'content-type': 'application/json' };
}

/** The seed's first row at `path` (an /items query), read as the administrator; throws when there is none. */
export async function seedRow<Row>(contentUrl: string, path: string): Promise<Row> {
  const response = await fetch(`${contentUrl}${path}`, { headers: await adminHeaders(contentUrl) });
  const [row] = ((await response.json()) as { data: Row[] }).data;
  if (!row) throw new Error(`the seed has nothing at ${path}`);
  return row;
}

type ContentCall = <T>(path: string, init?: RequestInit) => Promise<T>;

const PLATE_LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/** A plate of Panama's form (two letters, four digits), drawn at random: a clash is drawn again by `setUnits`. */
export function randomPlate(): string {
  const letter = () => PLATE_LETTERS[Math.floor(Math.random() * PLATE_LETTERS.length)] ?? 'Z';
  return `${letter()}${letter()}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
}

/**
 * Exactly `units` ready units (`vehicles`) of car model `carId` at `branchId`, as staff would set the fleet: units are
 * added with fresh plates, or the extra ones removed (a booking that held one holds none until the assignment pass).
 * `content` is the test's own admin call to the content service (answers `data`).
 */
export async function setUnits(content: ContentCall, carId: number | string, branchId: number | string, units: number): Promise<void> {
  const present = await content<Array<{ id: number }>>(`/items/vehicles?filter[car][_eq]=${carId}&filter[current_branch][_eq]=${branchId}&fields=id&sort=id&limit=-1`);
  for (const extra of present.slice(units)) await content(`/items/vehicles/${extra.id}`, { method: 'DELETE' });
  for (let missing = units - present.length; missing > 0; missing -= 1) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await content('/items/vehicles', {
          method: 'POST',
          body: JSON.stringify({ plate: randomPlate(), car: carId, home_branch: branchId, current_branch: branchId, status: 'ready', mileage: 10_000, fuel_eighths: 8 }),
        });
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  }
}
