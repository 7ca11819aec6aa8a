// Idempotent reconciliation of roles, policies, permissions, the storefront user and the revalidation flow.
// Safe to run on every start: it creates what is missing, updates what differs and removes permissions of the
// managed policies that the code no longer grants.

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { defaultPresets, ids, policies, registrationSettings, roles, flowDefinition, PRIVATE_FOLDERS, PUBLIC_FOLDER, STOREFRONT_EMAIL } from '../../schema/access.mjs';
import { differs, parse } from '../../extensions/shared/rows.mjs';

export async function reconcileAccess(d, { db, schema, env, log }) {
  const S = d.services;
  const opts = { knex: db, schema };
  const policiesService = new S.PoliciesService(opts);
  const rolesService = new S.RolesService(opts);
  const accessService = new S.AccessService(opts);
  const usersService = new S.UsersService(opts);
  const changes = [];

  // The built-in Public policy: the one attached to neither a role nor a user.
  const publicAccess = await db('directus_access').select('policy').whereNull('role').whereNull('user').first();
  let publicPolicyId = publicAccess?.policy;
  if (!publicPolicyId) {
    publicPolicyId = await policiesService.createOne({ name: policies.public.name, icon: 'public', app_access: false, admin_access: false });
    await accessService.createOne({ policy: publicPolicyId, role: null, user: null });
    changes.push('public policy created');
  }

  for (const key of ['storefront', 'agent', 'counter']) {
    const { permissions, ...policy } = policies[key];
    void permissions;
    const existing = await db('directus_policies').where({ id: policy.id }).first();
    if (!existing) {
      await policiesService.createOne(policy);
      changes.push(`policy ${policy.name} created`);
    } else if (differs(existing, policy)) {
      await policiesService.updateOne(policy.id, policy);
      changes.push(`policy ${policy.name} updated`);
    }
  }

  for (const role of Object.values(roles)) {
    const { policy, ...fields } = role;
    const existing = await db('directus_roles').where({ id: role.id }).first();
    if (!existing) {
      await rolesService.createOne(fields);
      changes.push(`role ${role.name} created`);
    } else if (differs(existing, fields)) {
      await rolesService.updateOne(role.id, fields);
      changes.push(`role ${role.name} updated`);
    }
    const link = await db('directus_access').where({ role: role.id, policy }).first();
    if (!link) {
      await accessService.createOne({ role: role.id, policy });
      changes.push(`role ${role.name} linked to its policy`);
    }
  }

  // The folder of files anyone may read (its name is the staff's to change; a deleted folder comes back empty).
  // The same for the private folders (the renters' pre-check-in documents, the applicants' CVs): no managed policy
  // reads their files (schema/access.mjs), and POST /precheckin-documents and /job-applications store
  // into them, so they must exist.
  for (const folder of [PUBLIC_FOLDER, ...PRIVATE_FOLDERS]) {
    if (!(await db('directus_folders').where({ id: folder.id }).first())) {
      await db('directus_folders').insert(folder);
      changes.push(`folder "${folder.name}" created`);
    }
  }

  // Default admin layouts, when the collection has none (a layout staff changed is theirs).
  for (const preset of defaultPresets) {
    const existing = await db('directus_presets').where({ collection: preset.collection }).whereNull('user').whereNull('role').whereNull('bookmark').first();
    if (!existing) {
      await db('directus_presets').insert({
        ...preset, user: null, role: null, bookmark: null,
        layout_query: JSON.stringify(preset.layout_query), layout_options: JSON.stringify(preset.layout_options),
      });
      changes.push(`default layout of ${preset.collection} created`);
    }
  }

  // Permissions of the managed policies.
  const desiredByPolicy = {
    [publicPolicyId]: policies.public.permissions,
    [ids.storefrontPolicy]: policies.storefront.permissions,
    [ids.agentPolicy]: policies.agent.permissions,
    [ids.counterPolicy]: policies.counter.permissions,
  };
  for (const [policy, desired] of Object.entries(desiredByPolicy)) {
    const current = await db('directus_permissions').where({ policy });
    const seen = new Set();
    for (const want of desired) {
      const row = current.find((r) => r.collection === want.collection && r.action === want.action);
      const normalized = {
        collection: want.collection,
        action: want.action,
        permissions: want.permissions ?? null,
        validation: want.validation ?? null,
        presets: want.presets ?? null,
        fields: want.fields ?? ['*'],
        policy,
      };
      if (!row) {
        await db('directus_permissions').insert(serialize(normalized));
        changes.push(`+ ${label(policy, publicPolicyId)} ${want.action} ${want.collection}`);
      } else {
        seen.add(row.id);
        const have = {
          collection: row.collection, action: row.action,
          permissions: parse(row.permissions), validation: parse(row.validation), presets: parse(row.presets),
          fields: row.fields ? String(row.fields).split(',') : null, policy,
        };
        if (!isDeepStrictEqual(have, normalized)) {
          await db('directus_permissions').where({ id: row.id }).update(serialize(normalized));
          changes.push(`~ ${label(policy, publicPolicyId)} ${want.action} ${want.collection}`);
        }
      }
    }
    const extra = current.filter((r) => !seen.has(r.id) && !desired.some((w) => w.collection === r.collection && w.action === r.action));
    if (extra.length) {
      await db('directus_permissions').whereIn('id', extra.map((r) => r.id)).delete();
      for (const r of extra) changes.push(`- ${label(policy, publicPolicyId)} ${r.action} ${r.collection}`);
    }
  }

  // Public registration of corporate agents (directus_settings is a single row, created by the admin's first save
  // when the bootstrap has not made it).
  const settings = await db('directus_settings').first();
  if (!settings) {
    await db('directus_settings').insert({ project_name: env.PROJECT_NAME || 'Directus', ...registrationSettings });
    changes.push('settings created (public registration)');
  } else if (differs(settings, registrationSettings)) {
    await db('directus_settings').where({ id: settings.id }).update(registrationSettings);
    changes.push('public registration settings updated');
  }

  // The storefront user and its static token.
  const token = env.DIRECTUS_STOREFRONT_TOKEN;
  const user = await db('directus_users').where({ id: ids.storefrontUser }).first();
  const wantUser = {
    email: STOREFRONT_EMAIL, first_name: 'Storefront', last_name: 'server', role: ids.storefrontRole,
    status: 'active', token, description: 'Used by the storefront server through its static token. Managed by the content service.',
  };
  if (!user) {
    // A token already held by someone else would make the storefront act as that user.
    await db('directus_users').whereNot({ id: ids.storefrontUser }).where({ token }).update({ token: null });
    await usersService.createOne({ id: ids.storefrontUser, ...wantUser });
    changes.push('storefront user created');
  } else if (differs(user, wantUser)) {
    await db('directus_users').whereNot({ id: ids.storefrontUser }).where({ token }).update({ token: null });
    await usersService.updateOne(ids.storefrontUser, wantUser);
    changes.push(user.token !== token ? 'storefront token updated' : 'storefront user updated');
  }

  log(changes.length ? `access: ${changes.length} change(s): ${summarize(changes)}` : 'access: up to date');
  return changes;
}

export async function reconcileFlow(d, { db, env, log }) {
  // Written with plain queries: Directus' FlowsService would try to reload a flow manager that only the running
  // server has. The server loads the flows when it starts, right after this.
  const def = flowDefinition({ url: env.STOREFRONT_REVALIDATE_URL, secret: env.REVALIDATE_SECRET });
  const changes = [];
  const json = (row) => ({ ...row, options: JSON.stringify(row.options) });

  const existing = await db('directus_flows').where({ id: def.flow.id }).first();
  if (!existing) {
    await db('directus_flows').insert(json({ ...def.flow, operation: null }));
    changes.push('flow created');
  } else if (differs(existing, def.flow)) {
    await db('directus_flows').where({ id: def.flow.id }).update(json(def.flow));
    changes.push('flow updated');
  }

  const wanted = def.operations.map((o) => o.id);
  // Operations added to the managed flow by hand are removed.
  const strays = await db('directus_operations').where({ flow: def.flow.id }).whereNotIn('id', wanted);
  if (strays.length) {
    const strayIds = strays.map((o) => o.id);
    await db('directus_flows').whereIn('operation', strayIds).update({ operation: null });
    await db('directus_operations').whereIn('resolve', strayIds).update({ resolve: null });
    await db('directus_operations').whereIn('reject', strayIds).update({ reject: null });
    await db('directus_operations').whereIn('id', strayIds).delete();
    changes.push(`${strays.length} stray operation(s) removed`);
  }
  // Operations are listed last-first, so `resolve` targets exist before they are referenced.
  for (const op of def.operations) {
    const row = await db('directus_operations').where({ id: op.id }).first();
    const want = { ...op, flow: def.flow.id };
    if (!row) {
      await db('directus_operations').insert(json({ ...want }));
      changes.push(`operation ${op.key} created`);
    } else if (differs(row, want)) {
      await db('directus_operations').where({ id: op.id }).update(json(want));
      changes.push(`operation ${op.key} updated`);
    }
  }
  const flowRow = await db('directus_flows').where({ id: def.flow.id }).first();
  if (flowRow.operation !== def.first) {
    await db('directus_flows').where({ id: def.flow.id }).update({ operation: def.first });
    if (!changes.includes('flow created')) changes.push('flow entry point updated');
  }
  log(changes.length ? `flow "${def.flow.name}": ${changes.join(', ')}` : `flow "${def.flow.name}": up to date`);
  return changes;
}

function label(policy, publicPolicyId) {
  if (policy === publicPolicyId) return 'public';
  if (policy === ids.storefrontPolicy) return 'storefront';
  if (policy === ids.agentPolicy) return 'agent';
  return policy;
}

function summarize(changes) {
  return changes.length > 8 ? `${changes.slice(0, 8).join('; ')}; … (+${changes.length - 8})` : changes.join('; ');
}

function serialize(p) {
  return {
    ...p,
    permissions: p.permissions === null ? null : JSON.stringify(p.permissions),
    validation: p.validation === null ? null : JSON.stringify(p.validation),
    presets: p.presets === null ? null : JSON.stringify(p.presets),
    fields: p.fields ? p.fields.join(',') : null,
  };
}

/**
 * Demo corporate agents for local use: one user per corporate account of the seed (seed/data/corporate_accounts.json,
 * matched by name in the database), `agente@<domain of the company's contact_email>`, role Corporate agent, that
 * company, language es-ES, password DEMO_AGENT_PASSWORD. Only when DEMO_AGENT_PASSWORD is set and PUBLIC_URL is a
 * loopback address (a copied .env.example must not put users with a known password on a real deployment). An agent
 * that exists already (by e-mail) is left as it is: its password, company and status are staff's to change.
 */
export async function reconcileDemoAgents(d, { db, schema, env, seedDir, log }) {
  const password = env.DEMO_AGENT_PASSWORD;
  if (!password) return [];
  if (!isLoopbackUrl(env.PUBLIC_URL)) {
    log(`demo agents: skipped, PUBLIC_URL (${env.PUBLIC_URL}) is not a local address; unset DEMO_AGENT_PASSWORD there`);
    return [];
  }
  const file = join(seedDir, 'data', 'corporate_accounts.json');
  if (!existsSync(file)) {
    log('demo agents: none, the seed has no corporate_accounts.json');
    return [];
  }
  const accounts = JSON.parse(readFileSync(file, 'utf8'));
  const usersService = new d.services.UsersService({ knex: db, schema });
  const created = [];
  for (const account of Array.isArray(accounts) ? accounts : []) {
    const domain = typeof account?.contact_email === 'string' ? account.contact_email.split('@')[1] : undefined;
    if (!domain || typeof account.name !== 'string') continue;
    const row = await db('corporate_accounts').select('id').where({ name: account.name }).first();
    if (!row) continue;
    const email = `agente@${domain.toLowerCase()}`;
    if (await db('directus_users').whereRaw('lower(email) = ?', [email]).first()) continue;
    await usersService.createOne({
      email, password, role: ids.agentRole, corporate_account: row.id, status: 'active', language: 'es-ES',
      first_name: 'Agente', last_name: `demo (${account.name})`,
      description: 'Demo corporate agent created from DEMO_AGENT_PASSWORD (local use only).',
    });
    created.push(email);
  }
  log(created.length ? `demo agents: created ${created.join(', ')}` : 'demo agents: up to date');
  return created;
}

/**
 * Demo counter staff for local use, under the same conditions as the demo agents (DEMO_AGENT_PASSWORD set, PUBLIC_URL a
 * loopback address): one user per branch of the seed (seed/data/branches.json, matched by code in the database),
 * `mostrador.<code in lower case>@example.com`, role Counter staff, that branch, language es-ES, that password. One that
 * exists already (by e-mail) is left as it is.
 */
export async function reconcileDemoCounterStaff(d, { db, schema, env, seedDir, log }) {
  const password = env.DEMO_AGENT_PASSWORD;
  if (!password || !isLoopbackUrl(env.PUBLIC_URL)) return [];
  const file = join(seedDir, 'data', 'branches.json');
  if (!existsSync(file)) return [];
  const branches = JSON.parse(readFileSync(file, 'utf8'));
  const usersService = new d.services.UsersService({ knex: db, schema });
  const created = [];
  for (const branch of Array.isArray(branches) ? branches : []) {
    if (typeof branch?.code !== 'string' || !/^[A-Za-z0-9]+$/.test(branch.code)) continue;
    const row = await db('branches').select('id').where({ code: branch.code }).first();
    if (!row) continue;
    const email = `mostrador.${branch.code.toLowerCase()}@example.com`;
    if (await db('directus_users').whereRaw('lower(email) = ?', [email]).first()) continue;
    await usersService.createOne({
      email, password, role: ids.counterRole, branch: row.id, status: 'active', language: 'es-ES',
      first_name: 'Mostrador', last_name: `demo (${branch.code})`,
      description: 'Demo counter staff created from DEMO_AGENT_PASSWORD (local use only).',
    });
    created.push(email);
  }
  log(created.length ? `demo counter staff: created ${created.join(', ')}` : 'demo counter staff: up to date');
  return created;
}

function isLoopbackUrl(value) {
  try {
    const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
  } catch {
    return false;
  }
}
