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
