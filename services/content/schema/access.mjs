// Access control and the revalidation flow as code (docs/content-model.md, "Access" and "Cache revalidation").
// Reconciled on every start by scripts/prepare.mjs: the policies below are owned by this file, so permissions
// added to them in the admin are removed at the next start. Give staff extra rights through other policies.

import { CALLBACK_SECRET_HEADER } from './callbacks.mjs';
import { COUNTER_PHOTOS_FOLDER, JOB_APPLICATIONS_FOLDER, PRECHECKIN_DOCUMENTS_FOLDER, publicCollections, publicFileFields, revalidatedCollections } from './model.mjs';

// Fixed ids so every start finds the same rows.
export const ids = {
  storefrontRole: '5f0c1a2e-8b7d-4c61-9a3e-0d6b2f4e7a01',
  storefrontPolicy: '5f0c1a2e-8b7d-4c61-9a3e-0d6b2f4e7a02',
  storefrontUser: '5f0c1a2e-8b7d-4c61-9a3e-0d6b2f4e7a03',
  agentRole: '5f0c1a2e-8b7d-4c61-9a3e-0d6b2f4e7a11',
  agentPolicy: '5f0c1a2e-8b7d-4c61-9a3e-0d6b2f4e7a12',
  counterRole: '5f0c1a2e-8b7d-4c61-9a3e-0d6b2f4e7a13',
  counterPolicy: '5f0c1a2e-8b7d-4c61-9a3e-0d6b2f4e7a14',
  flow: '5f0c1a2e-8b7d-4c61-9a3e-0d6b2f4e7a21',
  flowPayloadOperation: '5f0c1a2e-8b7d-4c61-9a3e-0d6b2f4e7a22',
  flowRequestOperation: '5f0c1a2e-8b7d-4c61-9a3e-0d6b2f4e7a23',
  publicFolder: '5f0c1a2e-8b7d-4c61-9a3e-0d6b2f4e7a31',
  precheckinFolder: PRECHECKIN_DOCUMENTS_FOLDER,
  jobApplicationsFolder: JOB_APPLICATIONS_FOLDER,
  counterPhotosFolder: COUNTER_PHOTOS_FOLDER,
};

// The file folder whose files anyone may read, whatever points at them: for images placed inside rich text (an
// <img> in a page's HTML is no relation, so the rule below cannot see it). Created on every start when missing.
export const PUBLIC_FOLDER = { id: ids.publicFolder, name: 'Public files', parent: null };

// The private folders: the renters' documents (licence and id scans uploaded with POST /precheckin-documents)
// the applicants' CVs (POST /job-applications) and the photos counter staff take of a car at pickup and return
// (POST /counter/photos; the Counter staff policy reads them). No policy of this file may read their files (the read
// filter below excludes them before anything else), so only staff (administrators, or a staff policy given read on
// directus_files) see them, in the admin on the pre-check-in or the job application. Created on every start when missing.
export const PRIVATE_FOLDERS = [
  { id: ids.precheckinFolder, name: 'Pre-check-in documents', parent: null },
  { id: ids.jobApplicationsFolder, name: 'Job applications', parent: null },
  { id: ids.counterPhotosFolder, name: 'Counter photos', parent: null },
];

// Directus refuses addresses without a top-level domain (storefront@localhost); example.com is reserved for this use.
export const STOREFRONT_EMAIL = 'storefront@example.com';

// A file (its metadata at /files and its bytes at /assets) is public while a public item points at it: an image of a
// draft page, promotion or car stays private until staff publish the item. `$FOLLOW(collection,field)` is Directus'
// reverse relation for a file field, which has no alias on directus_files.
//
// A file in a private folder is never readable through this rule, even if a public item points at it (staff linking a
// renter's scan to a page by mistake). `folder` may be null, and `_neq` alone would drop those rows (NULL <> x is not
// true in SQL), hence the `_null` alternative.
export const publicFilesFilter = {
  _and: [
    { _or: [{ folder: { _null: true } }, { folder: { _nin: PRIVATE_FOLDERS.map((fo) => fo.id) } }] },
    {
      _or: [
        { folder: { _eq: ids.publicFolder } },
        ...publicFileFields.map(({ collection, field }) => ({ [`$FOLLOW(${collection},${field})`]: { _some: publicCollections[collection] ?? {} } })),
      ],
    },
  ],
};

// Read of published content: the Public policy's whole content, and part of the other policies.
export const publicReads = [
  ...Object.entries(publicCollections).map(([collection, filter]) => ({ collection, action: 'read', permissions: filter, fields: ['*'] })),
  { collection: 'directus_files', action: 'read', permissions: publicFilesFilter, fields: ['*'] },
];

const crud = (collection, actions) => actions.map((action) => ({ collection, action, permissions: null, fields: ['*'] }));

// Which company and which of its agents booked: written only by POST /booking/reservations, which checks that the
// agent is an active Corporate agent of that published company.
export const CORPORATE_RESERVATION_FIELDS = ['corporate_account', 'agent'];

// Collections that hold renters' (or applicants') personal data. The Storefront policy has no permission on any of
// them: the storefront reaches one record at a time through the content service's endpoints (POST /booking/...,
// /payments-ledger, /precheckin-documents, /job-applications), each of which asks for a proof for that record
// (extensions/booking/src/records.ts; a renter's copy and erasure requests through /data-rights, with the number and
// e-mail). services/content/tests/renter-data.test.ts proves the storefront's token reads nothing of them, whichever
// way it asks. `data_requests` (renters' requests, docs/privacy.md) is one of them; staff, who are administrators,
// handle them in the admin, and the privacy extension writes them.
export const RENTER_DATA_COLLECTIONS = ['reservations', 'precheckins', 'payments', 'reservation_drafts', 'corporate_leads', 'job_applications', 'data_requests'];

// `rate_limits` is in no policy on purpose: only the booking extension reads and writes it, through the database.
// Nor is `retention_runs` (the retention job's log of what it removed: collections and ids): staff read it in the admin.
export const policies = {
  // The built-in Public policy (what a request without a token may do).
  public: {
    name: '$t:public_label',
    permissions: publicReads,
  },
  storefront: {
    id: ids.storefrontPolicy,
    name: 'Storefront',
    icon: 'storefront',
    description: 'Server side of the storefront (static token): reads published content and active coupons; availability through /booking. No right on renters\' data: bookings, drafts, pre-check-ins and leads go through /booking, payments through /payments-ledger, documents and applications through their endpoints, each with a proof for the one record it touches.',
    admin_access: false,
    app_access: false,
    enforce_tfa: false,
    permissions: [
      ...publicReads,
      // A company's negotiated rate, to price its agents' bookings (and a corporate reservation changed later).
      {
        collection: 'corporate_accounts', action: 'read', fields: ['id', 'name', 'discount_percent', 'status'],
        permissions: { status: { _eq: 'published' } },
      },
      // When public content last changed, so a storefront that was stopped can expire what changed meanwhile (its
      // webhooks were lost). Only which collection and when: not who, from where, or what.
      {
        collection: 'directus_activity', action: 'read', fields: ['collection', 'timestamp'],
        permissions: { collection: { _in: Object.keys(publicCollections) } },
      },
      // Coupons: only active ones are readable; their redemptions are counted by the booking extension, in the
      // booking's own transaction.
      { collection: 'coupons', action: 'read', permissions: { status: { _eq: 'active' } }, fields: ['*'] },
    ],
  },
  agent: {
    id: ids.agentPolicy,
    name: 'Corporate agent',
    icon: 'badge',
    description: 'Agents of a corporate account: read published content, their own user, their company and its reservations.',
    admin_access: false,
    app_access: false,
    enforce_tfa: false,
    permissions: [
      ...publicReads,
      {
        collection: 'reservations', action: 'read', fields: ['*'],
        // The _nnull guard keeps an agent without a company from matching every non-corporate reservation.
        permissions: { _and: [{ corporate_account: { _nnull: true } }, { corporate_account: { _eq: '$CURRENT_USER.corporate_account' } }] },
      },
      {
        collection: 'corporate_accounts', action: 'read', fields: ['*'],
        permissions: { _and: [{ status: { _eq: 'published' } }, { id: { _eq: '$CURRENT_USER.corporate_account' } }] },
      },
      {
        collection: 'directus_users', action: 'read',
        permissions: { id: { _eq: '$CURRENT_USER' } },
        fields: ['id', 'first_name', 'last_name', 'email', 'language', 'role', 'status', 'corporate_account'],
      },
    ],
  },
  // Branch staff (docs/counter.md): they read every branch's bookings (a renter may come to another counter) and what
  // the counter shows with them, but write nothing through /items: a pickup, a return or a no-show goes through
  // POST /booking/reservations/:ref/pickup, /return, /no-show, which check the order of events and that the
  // reservation is the staff member's branch's (directus_users.branch).
  counter: {
    id: ids.counterPolicy,
    name: 'Counter staff',
    icon: 'storefront',
    description: 'Branch counter staff: read every reservation, its pre-check-ins (and their documents) and payments, and their own user; hand over and take back cars only through the counter endpoints, for their own branch.',
    admin_access: false,
    app_access: false,
    enforce_tfa: false,
    permissions: [
      ...publicReads.filter((p) => p.collection !== 'directus_files'),
      {
        collection: 'directus_files', action: 'read', fields: ['*'],
        permissions: { _or: [publicFilesFilter, { folder: { _in: [ids.precheckinFolder, ids.counterPhotosFolder] } }] },
      },
      ...crud('reservations', ['read']),
      ...crud('precheckins', ['read']),
      ...crud('payments', ['read']),
      // The branch's units (the fleet board); their states change through POST /counter/vehicles/:plate/status.
      ...crud('vehicles', ['read']),
      {
        collection: 'directus_users', action: 'read',
        permissions: { id: { _eq: '$CURRENT_USER' } },
        fields: ['id', 'first_name', 'last_name', 'email', 'language', 'role', 'status', 'branch'],
      },
    ],
  },
};

// Public registration (POST /users/register) makes a Corporate agent without a company: it reads nothing of the
// reservations (the _nnull guard above) until staff set the user's corporate account in the admin. The address is
// verified first (the user stays `unverified`, and cannot log in, until it opens the link the storefront mails).
// Applied to directus_settings on every start, like the policies: a change in the admin is reset at the next start.
export const registrationSettings = {
  public_registration: true,
  public_registration_verify_email: true,
  public_registration_role: ids.agentRole,
};

export const roles = {
  storefront: {
    id: ids.storefrontRole, name: 'Storefront', icon: 'storefront',
    description: 'The storefront server (one user, static token from DIRECTUS_STOREFRONT_TOKEN).',
    policy: ids.storefrontPolicy,
  },
  agent: {
    id: ids.agentRole, name: 'Corporate agent', icon: 'badge',
    description: 'People who book for a corporate account (set the user\'s corporate account).',
    policy: ids.agentPolicy,
  },
  counter: {
    id: ids.counterRole, name: 'Counter staff', icon: 'storefront',
    description: 'People at a branch counter who hand over and take back cars (set the user\'s branch).',
    policy: ids.counterPolicy,
  },
};

// Runs in Directus' script sandbox (isolated-vm): turns the event into the body the storefront expects.
const payloadCode = `module.exports = async function (data) {
  const t = data.$trigger || {};
  const raw = Array.isArray(t.keys) ? t.keys : (t.key !== undefined && t.key !== null ? [t.key] : []);
  const keys = raw.map((k) => (typeof k === 'string' && /^[0-9]+$/.test(k) ? Number(k) : k));
  return { collection: t.collection, keys };
};`;

export function flowDefinition({ url, secret }) {
  return {
    flow: {
      id: ids.flow,
      name: 'Revalidate storefront',
      icon: 'cached',
      color: '#2ECDA7',
      description: 'Tells the storefront which cached content changed (POST {collection, keys} to its revalidate callback, STOREFRONT_REVALIDATE_URL, with the x-callback-secret header: REVALIDATE_SECRET). Managed by the content service: edits are reset at the next start.',
      status: 'active',
      trigger: 'event',
      accountability: 'activity',
      options: { type: 'action', scope: ['items.create', 'items.update', 'items.delete'], collections: revalidatedCollections },
    },
    operations: [
      {
        id: ids.flowRequestOperation,
        name: 'POST to the storefront',
        key: 'revalidate',
        type: 'request',
        position_x: 37,
        position_y: 1,
        options: {
          method: 'POST',
          url,
          headers: [{ header: CALLBACK_SECRET_HEADER, value: secret }],
          body: '{{payload}}',
        },
        resolve: null,
        reject: null,
      },
      {
        id: ids.flowPayloadOperation,
        name: 'Build the payload',
        key: 'payload',
        type: 'exec',
        position_x: 19,
        position_y: 1,
        options: { code: payloadCode },
        resolve: ids.flowRequestOperation,
        reject: null,
      },
    ],
    first: ids.flowPayloadOperation,
  };
}

// Default admin layouts (Directus presets for everyone: no user, no role), created when missing and then left to staff:
// a change made in the admin is kept.
export const defaultPresets = [
  {
    collection: 'payments',
    layout: 'tabular',
    layout_query: {
      tabular: {
        fields: ['date_created', 'reservation.reservation_number', 'kind', 'provider', 'status', 'amount', 'reservation_conflict', 'provider_reference', 'settled_at'],
        sort: ['-date_created'],
        page: 1,
      },
    },
    layout_options: {
      tabular: {
        spacing: 'cozy',
        widths: {
          date_created: 170, 'reservation.reservation_number': 140, kind: 110, provider: 120, status: 160, amount: 110,
          reservation_conflict: 210, provider_reference: 220, settled_at: 170,
        },
      },
    },
  },
];
