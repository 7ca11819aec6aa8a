// The content model as code: the source of schema/snapshot.yaml.
//
// docs/content-model.md is the contract; this file implements it for Directus 11 (collections, fields,
// relations, translation relations, and the admin niceties: interfaces, displays, notes, sort and archive
// settings, folders). After changing it, run `npm run schema:build` in services/content: it creates the
// schema on a scratch SQLite database and writes schema/snapshot.yaml, which every start applies.
//
// Plain data + small helpers; no Directus imports here.

export const LANGUAGES = ['es-ES', 'en-US'];
export const BRANDS = ['firefly', 'hertz', 'thrifty', 'dollar'];

// The file folder of the pre-check-in documents (licence and id scans): private, no policy but staff reads its files
// (schema/access.mjs). A fixed id so that the admin's file fields and the start-up reconcile agree on it.
export const PRECHECKIN_DOCUMENTS_FOLDER = '5f0c1a2e-8b7d-4c61-9a3e-0d6b2f4e7a32';
// The file folder of the applicants' CVs (POST /job-applications): private in the same way.
export const JOB_APPLICATIONS_FOLDER = '5f0c1a2e-8b7d-4c61-9a3e-0d6b2f4e7a33';
// The file folder of the photos staff take at pickup and return (POST /counter/photos): private in the same way, read
// by counter staff.
export const COUNTER_PHOTOS_FOLDER = '5f0c1a2e-8b7d-4c61-9a3e-0d6b2f4e7a34';

// ---------------------------------------------------------------------------------------------------------------
// Field helpers
// ---------------------------------------------------------------------------------------------------------------

const choice = (value, text, color) => (color ? { text, value, color } : { text, value });
const brandChoices = BRANDS.map((b) => choice(b, b[0].toUpperCase() + b.slice(1)));
const languageChoices = [choice('es-ES', 'Español (es-ES)'), choice('en-US', 'English (en-US)')];

function field(name, type, { schema = {}, label, ...meta } = {}) {
  const f = {
    field: name,
    type,
    schema: { is_nullable: true, ...schema },
    meta: { width: 'full', ...meta },
  };
  if (label) f.meta.translations = [{ language: 'en-US', translation: label }];
  return f;
}

function withDefault(opts, def) {
  if (def === undefined) return opts;
  return { ...opts, schema: { ...(opts.schema ?? {}), default_value: def } };
}

export const f = {
  pk: () => field('id', 'integer', {
    schema: { is_primary_key: true, has_auto_increment: true, is_nullable: false },
    hidden: true, readonly: true, interface: 'input',
  }),
  string: (name, { unique, required, def, maxLength, placeholder, icon, font, trim, ...rest } = {}) => field(name, 'string', withDefault({
    schema: { is_unique: !!unique, ...(maxLength ? { max_length: maxLength } : {}) },
    interface: 'input',
    options: { ...(placeholder ? { placeholder } : {}), ...(icon ? { iconLeft: icon } : {}), ...(font ? { font } : {}), ...(trim ? { trim: true } : {}) },
    required: !!required,
    ...rest,
  }, def)),
  text: (name, { placeholder, ...rest } = {}) => field(name, 'text', {
    interface: 'input-multiline', options: placeholder ? { placeholder } : null, ...rest,
  }),
  html: (name, rest = {}) => field(name, 'text', {
    interface: 'input-rich-text-html',
    options: { toolbar: ['blockquote', 'bold', 'italic', 'h2', 'h3', 'numlist', 'bullist', 'link', 'removeformat', 'code', 'fullscreen'] },
    display: 'formatted-value', display_options: { format: true },
    ...rest,
  }),
  // `chips`: the labels show their text in tables too (a dot alone says little in a list of payments).
  select: (name, choices, { def, required, labels = true, chips = false, allowOther = false, ...rest } = {}) => field(name, 'string', withDefault({
    interface: 'select-dropdown',
    options: { choices, ...(allowOther ? { allowOther: true } : {}) },
    display: labels ? 'labels' : 'formatted-value',
    display_options: labels ? { showAsDot: !chips, choices } : null,
    required: !!required,
    ...rest,
  }, def)),
  int: (name, { def, min, max, step, suffix, required, unique, ...rest } = {}) => field(name, 'integer', withDefault({
    schema: { is_unique: !!unique },
    interface: 'input',
    options: { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}), ...(step ? { step } : {}), ...(suffix ? { iconRight: suffix } : {}) },
    required: !!required,
    ...rest,
  }, def)),
  // Money: integer cents (USD).
  cents: (name, { def, note, ...rest } = {}) => field(name, 'integer', withDefault({
    interface: 'input', options: { min: 0, iconRight: 'attach_money' },
    note: note ?? 'Integer cents (USD): 2599 = US$25.99.',
    display: 'formatted-value', display_options: { suffix: ' ¢' },
    ...rest,
  }, def)),
  // "Decimal" values of the contract are stored as float so the API answers JSON numbers (Directus answers
  // strings for the decimal type).
  float: (name, { def, min, max, suffix, ...rest } = {}) => field(name, 'float', withDefault({
    interface: 'input',
    options: { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}), ...(suffix ? { iconRight: suffix } : {}) },
    ...rest,
  }, def)),
  bool: (name, { def = false, label, note, ...rest } = {}) => field(name, 'boolean', withDefault({
    interface: 'boolean', options: label ? { label } : null,
    display: 'boolean', special: ['cast-boolean'], note, ...rest,
  }, def)),
  date: (name, rest = {}) => field(name, 'date', {
    interface: 'datetime', display: 'datetime', display_options: { format: 'long' }, ...rest,
  }),
  // Date-time without zone: Panama local time (America/Panama, UTC-5).
  datetime: (name, rest = {}) => field(name, 'dateTime', {
    interface: 'datetime', display: 'datetime', display_options: { relative: false },
    note: rest.note ?? 'Panama local time (UTC-5).', ...rest,
  }),
  dateCreated: () => field('date_created', 'timestamp', {
    special: ['date-created'], interface: 'datetime', readonly: true, hidden: false, width: 'half',
    display: 'datetime', display_options: { relative: true }, note: 'Set by the content service (UTC).',
  }),
  // Instant (UTC, ISO with Z), unlike `datetime`'s Panama wall-clock time.
  timestamp: (name, rest = {}) => field(name, 'timestamp', {
    interface: 'datetime', display: 'datetime', display_options: { relative: true }, ...rest,
  }),
  dateUpdated: () => field('date_updated', 'timestamp', {
    special: ['date-updated'], interface: 'datetime', readonly: true, hidden: false, width: 'half',
    display: 'datetime', display_options: { relative: true }, note: 'Set by the content service (UTC).',
  }),
  sort: () => field('sort', 'integer', { interface: 'input', hidden: true }),
  json: (name, rest = {}) => field(name, 'json', { special: ['cast-json'], interface: 'input-code', options: { language: 'JSON' }, ...rest }),
  tags: (name, { placeholder, ...rest } = {}) => field(name, 'json', {
    special: ['cast-json'], interface: 'tags', options: { allowCustom: true, ...(placeholder ? { placeholder } : {}) },
    display: 'labels', ...rest,
  }),
  brands: (name = 'brands', rest = {}) => field(name, 'json', {
    special: ['cast-json'], interface: 'select-multiple-checkbox', options: { choices: brandChoices },
    display: 'labels', display_options: { choices: brandChoices },
    note: 'Brands this applies to; none ticked = all brands.', ...rest,
  }),
  color: (name, { def, ...rest } = {}) => field(name, 'string', withDefault({
    schema: { max_length: 7 },
    interface: 'select-color', display: 'color',
    validation: { [name]: { _regex: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$' } },
    validation_message: 'A hex colour such as #1D4ED8.',
    ...rest,
  }, def)),
  phone: (name, rest = {}) => field(name, 'string', {
    interface: 'input', options: { placeholder: '+5072384100', iconLeft: 'call' },
    validation: { _or: [{ [name]: { _null: true } }, { [name]: { _regex: '^\\+[1-9][0-9]{6,14}$' } }] },
    validation_message: 'E.164 format: + and country code, digits only (e.g. +5072384100).',
    ...rest,
  }),
  email: (name, rest = {}) => field(name, 'string', { interface: 'input', options: { iconLeft: 'alternate_email' }, ...rest }),
  // Many-to-one: relation is derived from `related`.
  m2o: (name, related, { template, onDelete = 'SET NULL', oneField = null, ...rest } = {}) => ({
    ...field(name, related === 'directus_users' ? 'uuid' : relatedKeyType(related), {
      special: ['m2o'],
      interface: 'select-dropdown-m2o',
      options: template ? { template } : null,
      display: 'related-values', display_options: template ? { template } : null,
      ...rest,
    }),
    relation: { related, onDelete, oneField },
  }),
  file: (name, { note, ...rest } = {}) => ({
    ...field(name, 'uuid', {
      special: ['file'], interface: 'file-image', options: { crop: false },
      display: 'image', display_options: { circle: false },
      note: note ?? 'Served at {content url}/assets/{file id}.', ...rest,
    }),
    relation: { related: 'directus_files', onDelete: 'SET NULL' },
  }),
  // A private document (scan, photo or PDF): the generic file interface, whose uploads from the admin go to the same
  // private folder as the endpoint's ("Pre-check-in documents" unless `folder` names another private folder).
  document: (name, { note, folder = PRECHECKIN_DOCUMENTS_FOLDER, folderName = 'Pre-check-in documents', ...rest } = {}) => ({
    ...field(name, 'uuid', {
      special: ['file'], interface: 'file', options: { folder },
      display: 'file', width: 'half',
      note: note ?? `Private: in the folder "${folderName}", visible to staff only.`, ...rest,
    }),
    relation: { related: 'directus_files', onDelete: 'SET NULL' },
  }),
  // One-to-many alias (the many side declares the m2o; see `o2m` in the collection definition).
  o2m: (name, { template, ...rest } = {}) => field(name, 'alias', {
    special: ['o2m'], interface: 'list-o2m',
    options: { ...(template ? { template } : {}), enableLink: true },
    display: 'related-values', display_options: template ? { template } : null,
    ...rest,
  }),
  translations: (fields, { template } = {}) => ({
    ...field('translations', 'alias', {
      special: ['translations'], interface: 'translations',
      options: { languageField: 'name', defaultLanguage: 'es-ES', defaultOpenSplitView: true, userLanguage: true },
      display: 'translations',
      display_options: { languageField: 'name', defaultLanguage: 'es-ES', userLanguage: true, ...(template ? { template } : {}) },
      note: 'Content per language (es-ES, en-US).',
    }),
    translationFields: fields,
  }),
  status: () => field('status', 'string', {
    schema: { default_value: 'draft', is_nullable: false },
    interface: 'select-dropdown',
    options: {
      choices: [
        choice('published', 'Published', 'var(--theme--primary)'),
        choice('draft', 'Draft', 'var(--theme--foreground)'),
        choice('archived', 'Archived', 'var(--theme--warning)'),
      ],
    },
    display: 'labels',
    display_options: {
      showAsDot: true,
      choices: [
        { text: 'Published', value: 'published', foreground: 'var(--theme--primary)', background: 'var(--theme--primary-background)' },
        { text: 'Draft', value: 'draft', foreground: 'var(--theme--foreground)', background: 'var(--theme--background-normal)' },
        { text: 'Archived', value: 'archived', foreground: 'var(--theme--warning)', background: 'var(--theme--warning-background)' },
      ],
    },
    width: 'half',
    note: 'Only published items are visible on the storefront.',
  }),
  divider: (name, title) => field(name, 'alias', {
    special: ['alias', 'no-data'], interface: 'presentation-divider', options: { title, inlineTitle: true },
  }),
};

// Type of the primary key of a collection (languages uses its string code).
function relatedKeyType(related) {
  return related === 'languages' ? 'string' : 'integer';
}

// ---------------------------------------------------------------------------------------------------------------
// Collection helpers
// ---------------------------------------------------------------------------------------------------------------

const PUBLISHABLE_ARCHIVE = { archive_field: 'status', archive_value: 'archived', unarchive_value: 'draft', archive_app_filter: true };

function collection(name, { icon, note, label, template, group, sort, archive, hidden, color, accountability = 'all', fields, translations, m2m }) {
  return {
    collection: name,
    meta: {
      icon: icon ?? 'box',
      note: note ?? null,
      display_template: template ?? null,
      hidden: !!hidden,
      singleton: false,
      group: group ?? null,
      sort_field: sort ? 'sort' : null,
      ...(archive ?? { archive_field: null, archive_value: null, unarchive_value: null, archive_app_filter: true }),
      accountability,
      collapse: 'open',
      color: color ?? null,
      translations: label ? [{ language: 'en-US', translation: label, singular: label, plural: label }] : null,
    },
    fields,
    translations,
    m2m,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Folders (collection groups in the admin navigation)
// ---------------------------------------------------------------------------------------------------------------

export const folders = [
  { collection: 'site', icon: 'storefront', label: 'Brand sites', note: 'Per-brand site settings and home-page content' },
  { collection: 'fleet', icon: 'directions_car', label: 'Fleet & prices', note: 'Cars, coverages, extras, discounts, coupons and promotions' },
  { collection: 'locations', icon: 'location_on', label: 'Locations', note: 'Branches and drop-off fees' },
  { collection: 'pages', icon: 'article', label: 'Pages & careers', note: 'Information pages and job openings' },
  { collection: 'bookings', icon: 'receipt_long', label: 'Bookings', note: 'Renter data written by the storefront' },
  { collection: 'corporate', icon: 'business', label: 'Corporate & leads', note: 'Corporate accounts, leads and job applications' },
].map((fo, i) => ({
  collection: fo.collection,
  meta: {
    icon: fo.icon, note: fo.note, hidden: false, singleton: false, collapse: 'open', sort: i + 1, group: null,
    translations: [{ language: 'en-US', translation: fo.label, singular: fo.label, plural: fo.label }],
  },
  schema: null,
}));

// ---------------------------------------------------------------------------------------------------------------
// Collections (order matters for creation: related collections first)
// ---------------------------------------------------------------------------------------------------------------

const tipoChoices = ['sedan', 'hatchback', 'suv', 'pickup', 'minivan', 'van', 'coupe'].map((t) => choice(t, t === 'suv' ? 'SUV' : t[0].toUpperCase() + t.slice(1)));

export const collections = [
  collection('languages', {
    icon: 'translate', label: 'Languages', group: 'site', template: '{{name}} ({{code}})',
    note: 'Languages of the translated content (es-ES, en-US).',
    fields: [
      field('code', 'string', {
        schema: { is_primary_key: true, is_nullable: false, max_length: 16 },
        interface: 'input', options: { placeholder: 'es-ES', font: 'monospace' }, readonly: false, width: 'half', required: true,
        note: 'BCP 47 code, e.g. es-ES.',
      }),
      f.string('name', { width: 'half', required: true }),
      f.select('direction', [choice('ltr', 'Left to right'), choice('rtl', 'Right to left')], { def: 'ltr', width: 'half', labels: false }),
    ],
  }),

  collection('prepaid_discounts', {
    icon: 'percent', label: 'Prepaid discounts', group: 'fleet', template: '{{percentage}} % · {{charge_id}}', archive: PUBLISHABLE_ARCHIVE,
    note: 'Discount for paying online in advance; a car links to one.',
    fields: [
      f.pk(), f.status(),
      f.float('percentage', { required: true, min: 0, max: 100, suffix: 'percent', width: 'half', note: 'e.g. 10 for 10 %.' }),
      f.string('charge_id', { required: true, width: 'half', font: 'monospace', note: 'Prepaid discount id sent to the payment gateway.' }),
    ],
  }),

  collection('branches', {
    icon: 'location_on', label: 'Branches', group: 'locations', sort: true, template: '{{code}} · {{name}}', archive: PUBLISHABLE_ARCHIVE,
    note: 'Pick-up and return locations with hours and airport fees.',
    fields: [
      f.pk(), f.status(), f.sort(),
      f.string('code', { unique: true, required: true, width: 'half', font: 'monospace', placeholder: 'PTY', note: 'Short unique code (IATA code for airports).' }),
      f.string('name', { required: true, width: 'half', note: 'In Spanish; the English name goes in Translations (empty there = this one).' }),
      f.string('city', { width: 'half' }),
      f.string('province', { width: 'half' }),
      f.text('address'),
      f.phone('phone', { width: 'half' }),
      f.email('email', { width: 'half' }),
      f.float('latitude', { width: 'half', note: 'Decimal degrees, e.g. 9.0714.' }),
      f.float('longitude', { width: 'half', note: 'Decimal degrees, e.g. -79.3835.' }),
      f.bool('is_airport', { label: 'Airport branch', width: 'half' }),
      f.float('airport_fee_percent', { def: 0, min: 0, max: 100, suffix: 'percent', width: 'half', note: 'Airport fee in %: 12 Tocumen, 6 Albrook and David, 0 in town.' }),
      field('opening_hours', 'json', {
        special: ['cast-json'], interface: 'list',
        options: {
          template: '{{open}}–{{close}} · days {{days}}',
          addLabel: 'Add opening hours',
          fields: [
            {
              field: 'days', name: 'Days', type: 'json',
              meta: {
                field: 'days', type: 'json', width: 'full', interface: 'select-multiple-checkbox',
                options: { choices: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'].map((d, i) => ({ text: d, value: i })) },
                note: '0 = Sunday.',
              },
            },
            { field: 'open', name: 'Opens', type: 'string', meta: { field: 'open', type: 'string', width: 'half', interface: 'input', options: { placeholder: '06:00' }, note: 'HH:MM; 00:00 with 24:00 = open 24 hours.' } },
            { field: 'close', name: 'Closes', type: 'string', meta: { field: 'close', type: 'string', width: 'half', interface: 'input', options: { placeholder: '22:00' } } },
          ],
        },
        note: 'Each row: days (0 = Sunday … 6 = Saturday), opening and closing time (HH:MM). 00:00–24:00 = 24 h.',
      }),
      f.translations([
        f.string('name', { note: 'The branch\'s name in this language. Empty = the name above (Spanish).' }),
        f.string('city', { note: 'Only if the city is written differently in this language (e.g. Panama City). Empty = the city above.' }),
        f.text('address', { note: 'The address in this language. Empty = the address above (Spanish).' }),
        f.text('directions', { note: 'How to find the counter.' }),
      ], { template: '{{name}} · {{directions}}' }),
      f.o2m('units_here', { template: '{{plate}} · {{car.marca}} {{car.modelo}} · {{status}}', label: 'Units here', note: 'The units (cars with a plate) at this branch now (edit them in Vehicles).' }),
    ],
  }),

  collection('flota', {
    icon: 'directions_car', label: 'Fleet (flota)', group: 'fleet', template: '{{marca}} {{modelo}} · {{clasificacion}}',
    archive: { archive_field: 'published', archive_value: 'false', unarchive_value: 'true', archive_app_filter: true },
    note: 'Fleet classes offered on the storefronts; prices per brand.',
    fields: [
      f.pk(),
      f.select('status', [
        choice('available', 'Available', 'var(--theme--success)'),
        choice('lowAvailability', 'Low availability', 'var(--theme--warning)'),
        choice('unavailable', 'Unavailable', 'var(--theme--danger)'),
        choice('promo', 'Promo', 'var(--theme--primary)'),
      ], { def: 'available', width: 'half', label: 'Availability (status)', note: 'Availability shown on the storefront (not the publication state).' }),
      f.bool('published', { def: true, label: 'Visible on the storefront', width: 'half', note: 'Unticked cars are hidden from the public.' }),
      f.bool('featured', { label: 'Featured on the home page', width: 'half' }),
      f.divider('divider_car', 'Car'),
      f.string('marca', { required: true, width: 'half', label: 'Make (marca)' }),
      f.string('modelo', { required: true, width: 'half', label: 'Model (modelo)' }),
      f.int('anio', { width: 'half', min: 1990, max: 2100, label: 'Year (anio)' }),
      f.select('tipo', tipoChoices, { required: true, width: 'half', labels: false, label: 'Body type (tipo)' }),
      f.string('clasificacion', { required: true, width: 'half', font: 'monospace', maxLength: 4, placeholder: 'CDAR', label: 'ACRISS class (clasificacion)', note: 'Four-letter ACRISS code, e.g. CDAR.' }),
      f.int('minimio_dias', { width: 'half', min: 1, label: 'Minimum days (minimio_dias)', note: 'Empty = the brand default (reservation_min_days).' }),
      f.int('puertas', { width: 'half', min: 0, label: 'Doors (puertas)' }),
      f.int('maletas', { width: 'half', min: 0, label: 'Suitcases (maletas)' }),
      f.int('pasajeros', { width: 'half', min: 1, label: 'Passengers (pasajeros)' }),
      f.select('transmision', [choice('automatic', 'Automatic'), choice('manual', 'Manual')], { width: 'half', labels: false, label: 'Transmission (transmision)' }),
      f.select('combustible', [choice('gas', 'Gasoline'), choice('diesel', 'Diesel')], { width: 'half', labels: false, label: 'Fuel (combustible)' }),
      f.file('image', { width: 'half', label: 'Image', note: 'Body-type illustration (SVG), shown when the car has no photo.' }),
      f.file('photo', { width: 'half', label: 'Photo', note: 'A photo of this model (JPEG, PNG or WebP, landscape, at least 960 px wide): shown instead of the illustration; the storefront resizes it.' }),
      f.divider('divider_prices', 'Prices per day (cents); empty = not offered by that brand'),
      ...BRANDS.map((b) => f.cents(`precio_${b}`, { width: 'half', label: `Price ${b[0].toUpperCase() + b.slice(1)} (precio_${b})`, note: `Cents per day at ${b[0].toUpperCase() + b.slice(1)}; empty = not offered.` })),
      f.m2o('discount', 'prepaid_discounts', { template: '{{percentage}} % · {{charge_id}}', width: 'half', label: 'Prepaid discount', note: 'Discount when paying online in advance.' }),
      f.o2m('units', { template: '{{plate}} · {{current_branch.code}} · {{status}}', label: 'Units', note: 'The cars of this model, one per plate, with where each is and its state (edit them in Vehicles).' }),
    ],
  }),

  // One row per car with a plate (docs/fleet.md): where it is, its state, its next service. Every reservation holds
  // one (reservations.vehicle); availability is counted from them by the booking extension.
  collection('vehicles', {
    icon: 'directions_car', label: 'Vehicles', group: 'fleet', template: '{{plate}} · {{car.marca}} {{car.modelo}}',
    note: 'The fleet car by car: each unit has a plate, a model, the branch where it is and a state. Bookings hold units; the counter hands them over.',
    fields: [
      f.pk(),
      f.string('plate', {
        unique: true, required: true, maxLength: 8, width: 'half', font: 'monospace', placeholder: 'AB1234',
        note: 'Panama plate: two letters and four digits (AB-1234), or six digits on older cars. Stored in capitals without the hyphen.',
      }),
      f.string('vin', { maxLength: 17, width: 'half', font: 'monospace', note: 'Optional: 17 letters and digits (no I, O or Q).' }),
      f.m2o('car', 'flota', { template: '{{marca}} {{modelo}} · {{clasificacion}}', width: 'half', required: true, onDelete: 'NO ACTION', oneField: 'units', note: 'The model this unit is sold as ("or similar").' }),
      f.string('colour', { maxLength: 40, width: 'half', note: 'As the counter tells the renter: "the white one in bay A07".' }),
      f.int('year', { min: 1990, max: 2100, width: 'half', note: 'Model year, as on the registration.' }),
      f.string('bay', { maxLength: 16, width: 'half', note: 'The parking bay where the renter finds it at the branch.' }),
      f.m2o('home_branch', 'branches', { template: '{{code}} · {{name}}', width: 'half', note: 'The branch it belongs to.' }),
      f.m2o('current_branch', 'branches', {
        template: '{{code}} · {{name}}', width: 'half', required: true, onDelete: 'NO ACTION', oneField: 'units_here',
        note: 'Where the car is now: a return moves it to the return branch (a one-way rental).',
      }),
      f.int('mileage', { def: 0, min: 0, width: 'half', suffix: 'speed', note: 'Odometer in km, updated at every pickup and return.' }),
      f.int('fuel_eighths', { def: 8, min: 0, max: 8, width: 'half', note: 'Fuel in eighths of a tank (0 = empty, 8 = full), updated at every pickup and return.' }),
      f.divider('divider_state', 'State'),
      f.select('status', [
        choice('ready', 'Ready', 'var(--theme--success)'),
        choice('needs_cleaning', 'Needs cleaning', 'var(--theme--warning)'),
        choice('in_maintenance', 'In maintenance', 'var(--theme--primary)'),
        choice('out_of_service', 'Out of service', 'var(--theme--danger)'),
      ], {
        def: 'ready', required: true, width: 'half', chips: true, schema: { is_nullable: false },
        note: 'In maintenance or out of service: offered for no rental until ready again, or until "Available from". "On rent" follows from its rental.',
      }),
      f.timestamp('status_changed_at', { width: 'half', readonly: true, note: 'When the status last changed (UTC).' }),
      f.text('status_note', { note: 'Why the status was changed (the counter\'s fleet board asks for it).' }),
      f.datetime('available_from', { width: 'half', note: 'For a unit in maintenance or out of service: from when it may be rented again (Panama local time); empty = when staff set it ready.' }),
      f.divider('divider_service', 'Service'),
      f.int('next_service_km', { min: 0, width: 'half', suffix: 'speed', note: 'At this mileage the unit is offered for no rental until serviced (then raise it).' }),
      f.date('next_service_date', { width: 'half', note: 'Rentals that reach this date are not offered this unit until it is serviced (then move the date).' }),
      f.text('notes', { note: 'Anything staff should know about this car (scratches, quirks); not shown to renters.' }),
      f.json('photos', { readonly: true, note: 'Ids of photos of this unit (files in the private folder "Counter photos"), added by the counter: ["uuid", ...].' }),
    ],
  }),

  collection('coverages', {
    icon: 'shield', label: 'Coverages', group: 'fleet', sort: true, template: '{{code}}', archive: PUBLISHABLE_ARCHIVE,
    note: 'Protection plans offered at checkout.',
    fields: [
      f.pk(), f.status(), f.sort(),
      f.string('code', { unique: true, required: true, width: 'half', font: 'monospace', placeholder: 'BASIC' }),
      f.cents('daily_rate_sedan', { width: 'half', note: 'Cents per day for sedans and hatchbacks.' }),
      f.cents('daily_rate_other', { width: 'half', note: 'Cents per day for every other body type.' }),
      f.cents('deductible', { width: 'half', note: 'Deductible in cents (0 = none).' }),
      f.cents('deposit_sedan', { width: 'half', note: 'Security deposit in cents for sedans and hatchbacks: held on the main driver\'s credit card at pickup, released at return. Shown at checkout and proposed by the counter\'s pickup form.' }),
      f.cents('deposit_other', { width: 'half', note: 'Security deposit in cents for every other body type (SUVs, pickups, vans...).' }),
      f.bool('includes_era', { label: 'Includes roadside assistance (ERA)', width: 'half' }),
      f.bool('recommended', { label: 'Recommended (highlighted)', width: 'half' }),
      field('included_extras', 'alias', {
        special: ['m2m'], interface: 'list-m2m',
        options: { template: '{{extras_id.code}}', enableLink: true, enableCreate: false, enableSelect: true },
        display: 'related-values', display_options: { template: '{{extras_id.code}}' },
        label: 'Included extras',
        note: 'Extras this coverage includes: chosen with it, they cost nothing on the bill, and the storefront lists them among the coverage\'s benefits.',
      }),
      f.translations([
        f.string('name', { required: true }),
        f.text('description'),
        f.tags('benefits', {
          placeholder: 'Add a benefit and press Enter',
          note: 'One line per benefit. Not for included extras or roadside assistance: the storefront lists those from "Included extras" and "Includes roadside assistance", which the bill applies.',
        }),
      ], { template: '{{name}}' }),
    ],
    m2m: { field: 'included_extras', junction: 'coverages_included_extras', related: 'extras' },
  }),

  collection('extras', {
    icon: 'child_care', label: 'Extras', group: 'fleet', sort: true, template: '{{code}}', archive: PUBLISHABLE_ARCHIVE,
    note: 'Optional add-ons a renter picks at checkout (child seat, additional driver, GPS ...).',
    fields: [
      f.pk(), f.status(), f.sort(),
      f.string('code', {
        unique: true, required: true, width: 'half', font: 'monospace', placeholder: 'CHILD_SEAT',
        validation: { code: { _regex: '^[A-Z0-9_]+$' } }, validation_message: 'Upper case letters, digits and _ only (e.g. CHILD_SEAT).',
      }),
      f.cents('daily_rate', { def: 0, width: 'half', schema: { is_nullable: false }, note: 'Cents per day for one unit.' }),
      f.cents('max_per_rental', { width: 'half', note: 'The most one unit costs for a whole rental, in cents. Empty = no cap.' }),
      f.int('max_quantity', { def: 1, min: 1, width: 'half', schema: { is_nullable: false }, note: 'How many units one rental may take.' }),
      f.translations([
        f.string('name', { required: true }),
        f.text('description'),
      ], { template: '{{name}}' }),
    ],
  }),

  collection('dropoff_fees', {
    icon: 'swap_horiz', label: 'Drop-off fees', group: 'locations', template: '{{from_branch.code}} → {{to_branch.code}}',
    note: 'One-way fee when the car is returned to another branch.',
    fields: [
      f.pk(),
      f.m2o('from_branch', 'branches', { template: '{{code}} · {{name}}', width: 'half', required: true, onDelete: 'CASCADE' }),
      f.m2o('to_branch', 'branches', { template: '{{code}} · {{name}}', width: 'half', required: true, onDelete: 'CASCADE' }),
      f.cents('fee', { width: 'half', def: 0 }),
    ],
  }),

  collection('delivery_options', {
    icon: 'local_shipping', label: 'Delivery options', group: 'fleet', sort: true, template: '{{code}}', archive: PUBLISHABLE_ARCHIVE,
    note: 'Car delivery and collection extras.',
    fields: [
      f.pk(), f.status(), f.sort(),
      f.string('code', { unique: true, required: true, width: 'half', font: 'monospace' }),
      f.cents('price', { width: 'half', def: 0 }),
      f.bool('needs_flight_number', {
        label: 'Asks the renter\'s flight number', width: 'half',
        note: 'For an option that meets the renter at the airport (meet & greet): the booking then requires the arrival flight number.',
      }),
      f.translations([
        f.string('name', { note: 'Short name, a few words: the bill\'s line and the counter show it (e.g. "Meet & greet at Tocumen").' }),
        f.text('description'),
      ], { template: '{{name}}' }),
    ],
  }),

  collection('cta', {
    icon: 'ads_click', label: 'Calls to action', group: 'site', sort: true, template: '{{link}}', archive: PUBLISHABLE_ARCHIVE,
    note: 'Home-page teasers; attach them to a brand site.',
    fields: [
      f.pk(), f.status(), f.sort(),
      f.string('link', { required: true, width: 'half', placeholder: '/flota', note: 'Storefront path (without the language prefix) or full URL.' }),
      f.translations([
        f.string('title', { required: true }),
        f.text('description'),
        f.string('button_text', { width: 'half' }),
        f.file('cta_image', { width: 'half' }),
      ], { template: '{{title}}' }),
    ],
  }),

  collection('sites_config', {
    icon: 'storefront', label: 'Brand sites (sites_config)', group: 'site', template: '{{site_name}} ({{brand}})', archive: PUBLISHABLE_ARCHIVE,
    note: 'One per brand: look, rules and home-page content of that storefront.',
    fields: [
      f.pk(), f.status(),
      f.select('brand', brandChoices, { required: true, width: 'half', labels: false, schema: { is_unique: true }, note: 'Each brand has exactly one site.' }),
      f.string('site_name', { required: true, width: 'half' }),
      f.divider('divider_look', 'Look'),
      f.file('brand_logo', { width: 'half', note: 'Logo for light backgrounds.' }),
      f.file('brand_logo_inverse', { width: 'half', note: 'Logo for dark backgrounds.' }),
      f.color('primary_color', { width: 'half' }),
      f.color('secondary_color', { width: 'half' }),
      f.color('accent_color', { width: 'half' }),
      f.color('reservation_background_color', { width: 'half', def: '#ffffff' }),
      f.divider('divider_booking', 'Booking rules'),
      f.int('reservation_min_days', { def: 1, min: 1, width: 'half', note: 'Minimum rental days when the car sets none.' }),
      f.int('reservation_max_days', { def: 90, min: 1, width: 'half', note: 'Longest rental booked online, in days; longer ones are arranged with the branch.' }),
      f.int('reservation_holds_per_client', { def: 10, min: 1, width: 'half', note: 'Reservations one connection (IP address) may make online in 24 hours; more are refused until then. Corporate agents are not counted.' }),
      f.int('same_day_notice_hours', { def: 2, min: 0, width: 'half', note: 'Hours of notice for a same-day pick-up.' }),
      f.int('minimum_renter_age', { def: 21, min: 18, width: 'half' }),
      f.date('disable_reservations_until', { width: 'half', note: 'Bookings are closed until this date (empty = open).' }),
      f.select('payment_gateway', [choice('metrobank', 'Metrobank')], {
        def: 'metrobank', width: 'half', labels: false, allowOther: true,
        note: 'The card gateway of this brand (the storefront needs an adapter and credentials for it). PayPal is offered whenever the storefront has PayPal credentials.',
      }),
      f.cents('era_daily_rate', { def: 399, width: 'half', note: 'Roadside assistance (ERA) per day, in cents.' }),
      f.float('tax_rate_percent', { def: 7, min: 0, max: 100, suffix: 'percent', width: 'half', note: 'ITBMS in %.' }),
      f.bool('precheckin_enabled', { label: 'Online pre-check-in enabled', width: 'half' }),
      f.int('turnaround_buffer_minutes', { def: 120, min: 0, width: 'half', note: 'Minutes a returned car is unavailable before its next rental.' }),
      f.int('payment_hold_minutes', { def: 30, min: 1, width: 'half', note: 'How long an unpaid prepaid reservation holds its unit.' }),
      f.int('vehicle_assignment_hours', { def: 24, min: 0, width: 'half', note: 'How many hours before pickup a booking\'s unit is assigned and shown to the counter (at once for a booking made later).' }),
      f.bool('ready_after_buffer', { label: 'Returned cars are ready after the turnaround buffer', width: 'half', note: 'Off: a returned car waits as "needs cleaning" until staff mark it ready. On: it is ready again by itself, the buffer being its cleaning time.' }),
      f.int('cancellation_full_refund_hours', {
        def: 48, min: 0, required: true, width: 'half', schema: { is_nullable: false },
        validation: { cancellation_full_refund_hours: { _gte: 0 } }, validation_message: 'Hours: an integer of 0 or more.',
        note: 'A prepaid reservation cancelled at least this many hours before pickup gets everything back.',
      }),
      f.int('cancellation_late_fee_days', {
        def: 1, min: 0, max: 30, suffix: 'days', required: true, width: 'half', schema: { is_nullable: false },
        validation: { _and: [{ cancellation_late_fee_days: { _gte: 0 } }, { cancellation_late_fee_days: { _lte: 30 } }] },
        validation_message: 'Days: an integer from 0 to 30.',
        note: 'Cancelled later than that, until pickup: everything back less this many days of the car rate (after pickup: nothing).',
      }),
      f.int('refund_business_days', {
        def: 15, min: 1, max: 60, suffix: 'days', required: true, width: 'half', schema: { is_nullable: false },
        validation: { _and: [{ refund_business_days: { _gte: 1 } }, { refund_business_days: { _lte: 60 } }] },
        validation_message: 'Business days: an integer from 1 to 60.',
        note: 'The most business days a refund takes to reach the renter. Manage booking, the e-mails and the terms ({refund_business_days} in a page\'s text) all state this number.',
      }),
      field('young_driver_fees', 'json', {
        special: ['cast-json'], interface: 'list',
        options: {
          template: '{{min_age}}–{{max_age}} years · {{daily_rate}} ¢/day, cap {{max_per_rental}} ¢',
          addLabel: 'Add an age band',
          fields: [
            { field: 'min_age', name: 'From age', type: 'integer', meta: { field: 'min_age', type: 'integer', width: 'half', interface: 'input', options: { min: 16 }, required: true } },
            { field: 'max_age', name: 'To age (inclusive)', type: 'integer', meta: { field: 'max_age', type: 'integer', width: 'half', interface: 'input', options: { min: 16 }, required: true } },
            { field: 'daily_rate', name: 'Cents per day', type: 'integer', meta: { field: 'daily_rate', type: 'integer', width: 'half', interface: 'input', options: { min: 0 }, required: true } },
            { field: 'max_per_rental', name: 'Cap per rental (cents)', type: 'integer', meta: { field: 'max_per_rental', type: 'integer', width: 'half', interface: 'input', options: { min: 0 }, note: 'Empty = no cap.' } },
          ],
        },
        note: 'Young-driver surcharge by age band (ages inclusive), in cents. Empty = no young-driver fee.',
      }),
      f.divider('divider_privacy', 'Privacy: how long renters\' data is kept (docs/privacy.md)'),
      ...[
        ['retention_scan_days', 30, 'Days after the return after which the licence and id scans of a pre-check-in are deleted.'],
        ['retention_cv_days', 180, 'Days after a job offer closes after which its applications and their CVs are deleted (for jobs of no brand the shortest period of all brands counts).'],
        ['retention_draft_days', 7, 'Days after a booking was started after which its unconfirmed draft is deleted (earlier when it expires; for all brands the shortest period counts).'],
        ['retention_lead_days', 730, 'Days after which a corporate lead of this brand is deleted (730 = two years).'],
      ].map(([name, def, note]) => f.int(name, {
        def, min: 1, max: 3650, suffix: 'days', required: true, width: 'half', schema: { is_nullable: false },
        validation: { _and: [{ [name]: { _gte: 1 } }, { [name]: { _lte: 3650 } }] }, validation_message: 'Days: an integer from 1 to 3650.',
        note,
      })),
      f.divider('divider_contact', 'Assistance and analytics'),
      f.phone('assistance_phone', { width: 'half', note: '24-hour line (E.164).' }),
      f.phone('assistance_whatsapp', { width: 'half', note: 'WhatsApp number (E.164).' }),
      f.email('assistance_email', { width: 'half' }),
      f.string('tag_manager_id', {
        width: 'half', placeholder: 'GTM-XXXXXXX', font: 'monospace',
        validation: { _or: [{ tag_manager_id: { _null: true } }, { tag_manager_id: { _regex: '^(GTM-[A-Z0-9]+|G-[A-Z0-9]+)$' } }] },
        validation_message: 'A Google Tag Manager id (GTM-…) or a Google tag id (G-…).',
        note: 'Empty = no analytics.',
      }),
      f.divider('divider_content', 'Content'),
      f.o2m('cars', { template: '{{clasificacion}}', label: 'Allowed fleet classes', note: 'ACRISS classes this brand offers, in display order (empty = every class).' }),
      field('ctas', 'alias', {
        special: ['m2m'], interface: 'list-m2m',
        options: { template: '{{cta_id.link}}', enableLink: true, enableCreate: true, enableSelect: true },
        display: 'related-values', display_options: { template: '{{cta_id.link}}' },
        label: 'Calls to action', note: 'Home-page teasers of this brand, in order.',
      }),
      f.translations([
        f.string('tagline'),
        f.string('hero_title'),
        f.text('hero_subtitle'),
        f.text('description', { note: 'Footer paragraph about the brand.' }),
        f.text('seo_description', { note: 'Meta description (about 155 characters).' }),
        field('login_providers', 'json', {
          special: ['cast-json'], interface: 'list',
          options: {
            template: '{{provider}} · {{label}}',
            addLabel: 'Add a login provider',
            fields: [
              { field: 'provider', name: 'Provider id', type: 'string', meta: { field: 'provider', type: 'string', width: 'half', interface: 'input', options: { font: 'monospace', placeholder: 'oidc' }, required: true, note: 'As in the storefront\'s AUTH_LOGIN_PROVIDERS.' } },
              { field: 'label', name: 'Label', type: 'string', meta: { field: 'label', type: 'string', width: 'half', interface: 'input', options: { placeholder: 'Your company (single sign-on)' }, required: true } },
            ],
          },
          label: 'Login providers',
          note: 'How the corporate login page names each single sign-on provider in this language ("Log in with <label>"). The storefront\'s AUTH_LOGIN_PROVIDERS says which providers are on.',
        }),
      ], { template: '{{tagline}}' }),
      f.divider('divider_reminder', 'Reminder before pickup'),
      f.int('reminder_hours_before_pickup', {
        def: 24, min: 1, max: 168, suffix: 'schedule', required: true, width: 'half', schema: { is_nullable: false },
        validation: { _and: [{ reminder_hours_before_pickup: { _gte: 1 } }, { reminder_hours_before_pickup: { _lte: 168 } }] },
        validation_message: 'Hours: an integer from 1 to 168.',
        note: 'The reminder e-mail (branch, opening hours, what to bring, pre-check-in) goes out this many hours before pickup.',
      }),
      f.divider('divider_counter', 'Counter (returns)'),
      f.cents('fuel_refill_rate_per_eighth', { def: 0, width: 'half', note: 'Charged per eighth of a tank missing at return, before ITBMS, in cents (0 = no refill charge).' }),
      f.cents('late_return_hourly_rate', { def: 0, width: 'half', note: 'Charged per started hour past the booked return, before ITBMS, in cents (0 = no late charge).' }),
      f.int('late_return_grace_minutes', { def: 0, min: 0, width: 'half', note: 'A car back within this many minutes of its booked return is not late; past it, every hour from the booked return is charged.' }),
      f.divider('divider_demand', 'Demand-aware prices'),
      f.bool('demand_pricing_enabled', {
        label: 'Raise prices when a class is nearly sold out', width: 'half',
        note: 'Off by default. On: a car\'s daily price rises by the step of the highest threshold its class reaches at the pickup branch over the rental (units taken / units there), never more than the cap.',
      }),
      f.float('demand_cap_percent', { def: 25, min: 0, max: 100, suffix: 'percent', width: 'half', note: 'The most demand may add to a daily price, in %.' }),
      field('demand_thresholds', 'json', {
        special: ['cast-json'], interface: 'list',
        schema: { default_value: JSON.stringify([{ from_percent: 80, percent: 10 }, { from_percent: 95, percent: 20 }]) },
        options: {
          template: 'from {{from_percent}} % taken · +{{percent}} %',
          addLabel: 'Add a threshold',
          fields: [
            { field: 'from_percent', name: 'From % of the class taken', type: 'float', meta: { field: 'from_percent', type: 'float', width: 'half', interface: 'input', options: { min: 0, max: 100 }, required: true } },
            { field: 'percent', name: 'Price rise in %', type: 'float', meta: { field: 'percent', type: 'float', width: 'half', interface: 'input', options: { min: 0, max: 100 }, required: true } },
          ],
        },
        note: 'Occupancy thresholds: from this % of a class\'s units taken at the pickup branch, the daily price rises this %. The highest threshold reached applies.',
      }),
    ],
    m2m: { field: 'ctas', junction: 'sites_config_cta', related: 'cta' },
  }),

  collection('sites_config_cars', {
    icon: 'format_list_numbered', label: 'Brand site fleet classes', group: 'sites_config', hidden: true, sort: true, template: '{{clasificacion}}',
    fields: [
      f.pk(),
      f.m2o('sites_config_id', 'sites_config', { template: '{{brand}}', hidden: true, onDelete: 'CASCADE', oneField: 'cars' }),
      f.string('clasificacion', { required: true, font: 'monospace', maxLength: 4, placeholder: 'CDAR', note: 'ACRISS code of an allowed fleet class.' }),
      f.sort(),
    ],
  }),

  collection('info_pages', {
    icon: 'article', label: 'Information pages', group: 'pages', sort: true, template: '{{slug}}', archive: PUBLISHABLE_ARCHIVE,
    note: 'Terms, privacy, FAQ, corporate pages (/info/{slug}).',
    fields: [
      f.pk(), f.status(), f.sort(),
      f.string('slug', {
        unique: true, required: true, width: 'half', font: 'monospace', placeholder: 'terminos-y-condiciones',
        validation: { slug: { _regex: '^[a-z0-9]+(-[a-z0-9]+)*$' } }, validation_message: 'Lower case letters, digits and hyphens.',
      }),
      f.select('page_category', [choice('general', 'General'), choice('legal', 'Legal'), choice('help', 'Help'), choice('corporate', 'Corporate')], { def: 'general', width: 'half', labels: false }),
      f.bool('show_corporate_form', { label: 'Show the corporate contact form', width: 'half' }),
      f.translations([
        f.string('title', { required: true }),
        f.html('content'),
        f.file('page_image', { note: 'Optional header image.' }),
      ], { template: '{{title}}' }),
    ],
  }),

  collection('promos', {
    icon: 'sell', label: 'Promotions', group: 'fleet', sort: true, template: '{{slug}}', archive: PUBLISHABLE_ARCHIVE,
    note: 'Campaigns shown on the storefronts.',
    fields: [
      f.pk(), f.status(), f.sort(),
      f.string('slug', {
        unique: true, required: true, width: 'half', font: 'monospace',
        validation: { slug: { _regex: '^[a-z0-9]+(-[a-z0-9]+)*$' } }, validation_message: 'Lower case letters, digits and hyphens.',
      }),
      f.string('coupon_code', { width: 'half', font: 'monospace', note: 'Coupon that applies this promotion (optional).' }),
      f.date('valid_from', { width: 'half' }),
      f.date('valid_until', { width: 'half' }),
      f.brands('brands'),
      f.file('image'),
      f.translations([
        f.string('title', { required: true }),
        f.text('description'),
        f.text('terms'),
      ], { template: '{{title}}' }),
      // Appended last (issue 31): the season whose price change and dates the promotion tells renters.
      f.m2o('season', 'rate_seasons', {
        template: '{{name}} · {{starts}} – {{ends}} · {{adjustment_percent}} %',
        translations: [{ language: 'es-ES', translation: 'Temporada' }, { language: 'en-US', translation: 'Season' }],
        // The note in both languages: staff work in the admin in either.
        note: 'Link a season to show its price change and dates on this promotion (a draft season is not shown); without dates of its own, the promotion runs over the season\'s days. · Vincula una temporada para mostrar en esta promoción su cambio de precio y sus fechas (una temporada en borrador no se muestra); sin fechas propias, la promoción dura lo que la temporada.',
      }),
    ],
  }),

  collection('jobs', {
    icon: 'work', label: 'Jobs', group: 'pages', template: '{{slug}}', archive: PUBLISHABLE_ARCHIVE,
    note: 'Job openings (/jobs).',
    fields: [
      f.pk(), f.status(),
      f.string('slug', {
        unique: true, required: true, width: 'half', font: 'monospace',
        validation: { slug: { _regex: '^[a-z0-9]+(-[a-z0-9]+)*$' } }, validation_message: 'Lower case letters, digits and hyphens.',
      }),
      f.m2o('branch', 'branches', { template: '{{code}} · {{name}}', width: 'half', note: 'Empty = not tied to a branch.' }),
      f.select('employment_type', [choice('full_time', 'Full time'), choice('part_time', 'Part time'), choice('internship', 'Internship')], { def: 'full_time', width: 'half', labels: false }),
      f.date('posted_on', { width: 'half' }),
      f.date('closing_on', { width: 'half' }),
      f.translations([
        f.string('title', { required: true }),
        f.text('summary'),
        f.html('description'),
        f.tags('requirements', { placeholder: 'Add a requirement and press Enter' }),
      ], { template: '{{title}}' }),
      f.o2m('applications', { template: '{{name}} <{{email}}>', readonly: true, note: 'Applications received for this job.' }),
    ],
  }),

  // ------------------------------------------------------------------------------------------------ private
  collection('coupons', {
    icon: 'confirmation_number', label: 'Coupons', group: 'fleet', template: '{{code}}',
    archive: { archive_field: 'status', archive_value: 'inactive', unarchive_value: 'active', archive_app_filter: true },
    note: 'Discount codes (private: never readable by the public).',
    fields: [
      f.pk(),
      f.select('status', [choice('active', 'Active', 'var(--theme--success)'), choice('inactive', 'Inactive', 'var(--theme--foreground-subdued)')], { def: 'active', width: 'half' }),
      f.string('code', {
        unique: true, required: true, width: 'half', font: 'monospace',
        validation: { code: { _regex: '^[A-Z0-9_-]+$' } }, validation_message: 'Upper case letters, digits, - and _ only.',
        note: 'Stored upper case.',
      }),
      f.select('kind', [choice('percent', 'Percent'), choice('fixed', 'Fixed amount')], { def: 'percent', width: 'half', labels: false }),
      f.int('amount', { width: 'half', min: 0, note: 'Percent value (10 = 10 %), or cents for a fixed amount.' }),
      f.datetime('valid_from', { width: 'half' }),
      f.datetime('valid_until', { width: 'half' }),
      f.brands('brands'),
      f.int('min_days', { def: 1, min: 1, width: 'half' }),
      f.int('max_redemptions', { min: 0, width: 'half', note: 'Empty = unlimited.' }),
      f.int('redemptions_count', { def: 0, min: 0, width: 'half', readonly: true, note: 'Counted when a reservation with the coupon is saved.' }),
    ],
  }),

  collection('rate_seasons', {
    icon: 'event', label: 'Rate seasons', group: 'fleet', template: '{{name}} · {{starts}} – {{ends}} · {{adjustment_percent}} %', archive: PUBLISHABLE_ARCHIVE,
    note: 'Seasons that raise or lower the daily price of the days they cover (Panama dates, both included).',
    fields: [
      f.pk(), f.status(),
      f.string('name', { required: true, width: 'half', placeholder: 'Temporada alta' }),
      f.float('adjustment_percent', {
        required: true, min: -99, max: 500, suffix: 'percent', width: 'half', schema: { is_nullable: false, default_value: 0 },
        validation: { _and: [{ adjustment_percent: { _gt: -100 } }, { adjustment_percent: { _lte: 500 } }] },
        validation_message: 'A percentage above -100 (negative lowers the price).',
        note: 'Change of the daily price on each day of the season: 20 raises it 20 %, -15 lowers it 15 %.',
      }),
      f.date('starts', { required: true, width: 'half', note: 'First day of the season (Panama date, included).' }),
      f.date('ends', { required: true, width: 'half', note: 'Last day of the season (Panama date, included).' }),
      f.brands('brands'),
      f.tags('car_classes', {
        placeholder: 'CDAR', note: 'ACRISS classes (the cars\' clasificacion) this season prices; empty = every class. A season for named classes wins over one for all classes on the days both cover; then the later start wins.',
      }),
    ],
  }),

  collection('length_discounts', {
    icon: 'date_range', label: 'Length discounts', group: 'fleet', template: '{{min_days}}+ days · {{percent}} %', archive: PUBLISHABLE_ARCHIVE,
    note: 'Percent off the car rental of longer rentals: the highest tier a rental reaches applies.',
    fields: [
      f.pk(), f.status(),
      f.int('min_days', { required: true, min: 1, width: 'half', schema: { is_nullable: false }, note: 'Rentals of at least this many days get the discount.' }),
      f.float('percent', { required: true, min: 0, max: 100, suffix: 'percent', width: 'half', schema: { is_nullable: false }, note: 'Percent off the car rental (not the coverage, extras or fees).' }),
      f.brands('brands'),
    ],
  }),

  collection('corporate_accounts', {
    icon: 'business', label: 'Corporate accounts', group: 'corporate', template: '{{name}}', archive: PUBLISHABLE_ARCHIVE,
    note: 'Companies with negotiated rates; their agents are users with the Corporate agent role.',
    fields: [
      f.pk(), f.status(),
      f.string('name', { required: true, width: 'half' }),
      f.string('tax_id', { width: 'half', label: 'Tax id (RUC)' }),
      f.float('discount_percent', { def: 0, min: 0, max: 100, suffix: 'percent', width: 'half' }),
      f.email('contact_email', { width: 'half' }),
      f.o2m('agents', { template: '{{first_name}} {{last_name}} <{{email}}>', note: 'Users who book for this company (role Corporate agent).' }),
    ],
  }),

  collection('reservations', {
    icon: 'event_available', label: 'Reservations', group: 'bookings', template: '{{reservation_number}} · {{client_name}} {{client_last_name}}',
    note: 'Written by the storefront. Never readable without a token.',
    fields: [
      f.pk(),
      f.string('reservation_number', { unique: true, required: true, width: 'half', font: 'monospace', readonly: true, placeholder: 'FF-7K3M9Q' }),
      f.string('idempotency_key', {
        unique: true, width: 'half', font: 'monospace', readonly: true, maxLength: 255,
        note: 'Sent by the storefront with POST /booking/reservations: a retried request returns this reservation instead of booking twice.',
      }),
      f.select('brand', brandChoices, { width: 'half', labels: false }),
      f.select('status', [
        choice('unpaid', 'Unpaid', 'var(--theme--warning)'),
        choice('paid', 'Paid', 'var(--theme--success)'),
        choice('cancelled', 'Cancelled', 'var(--theme--danger)'),
      ], { def: 'unpaid', width: 'half' }),
      f.select('payment_type', [choice('unpaid', 'Unpaid'), choice('card', 'Card'), choice('paypal', 'PayPal'), choice('counter', 'At the counter')], {
        def: 'unpaid', width: 'half', labels: false, note: 'How it was paid: online by card or PayPal, or collected by staff at the counter.',
      }),
      f.select('reservation_type', [choice('postpaid', 'Pay at the counter (postpaid)'), choice('prepaid', 'Prepaid online')], { def: 'postpaid', width: 'half', labels: false }),
      f.select('language', languageChoices, { width: 'half', labels: false }),
      f.dateCreated(),
      f.timestamp('cancelled_at', { width: 'half', note: 'When it was cancelled (UTC); its unit is free again from then on.' }),
      f.divider('divider_rental', 'Rental'),
      f.m2o('car', 'flota', { template: '{{marca}} {{modelo}} · {{clasificacion}}', width: 'half' }),
      f.m2o('coverage', 'coverages', { template: '{{code}}', width: 'half' }),
      f.m2o('pickup_branch', 'branches', { template: '{{code}} · {{name}}', width: 'half' }),
      f.m2o('return_branch', 'branches', { template: '{{code}} · {{name}}', width: 'half' }),
      f.datetime('pickup_date', { width: 'half' }),
      f.datetime('return_date', { width: 'half' }),
      f.int('days', { width: 'half', min: 1 }),
      f.bool('era', { label: 'Roadside assistance (ERA)', width: 'half' }),
      f.m2o('delivery_option', 'delivery_options', { template: '{{code}}', width: 'half' }),
      f.string('flight_number', {
        width: 'half', font: 'monospace', maxLength: 16,
        note: 'The renter\'s arrival flight (e.g. CM123), asked when the delivery option meets it (meet & greet); checked and kept upper case without spaces.',
      }),
      f.m2o('coupon', 'coupons', { template: '{{code}}', width: 'half' }),
      f.m2o('corporate_account', 'corporate_accounts', { template: '{{name}}', width: 'half' }),
      f.m2o('agent', 'directus_users', { template: '{{first_name}} {{last_name}} <{{email}}>', width: 'half', note: 'Corporate agent who booked.' }),
      f.divider('divider_client', 'Renter'),
      f.string('client_name', { width: 'half' }),
      f.string('client_last_name', { width: 'half' }),
      f.email('client_email', { width: 'half' }),
      f.string('client_phone', { width: 'half', options: { iconLeft: 'call' } }),
      f.date('client_birthday', { width: 'half' }),
      f.string('client_license', { width: 'half' }),
      f.divider('divider_totals', 'Totals (cents)'),
      ...['car_total', 'coverage_total', 'era_total', 'extras_total', 'dropoff', 'delivery_price', 'coupon_discount', 'subtotal', 'airport_tax', 'tax', 'total']
        .map((n) => f.cents(n, { width: 'half', def: 0 })),
      f.cents('young_driver_fee', { width: 'half', def: 0, note: 'Young-driver surcharge of the whole rental, in cents.' }),
      f.json('extras', { note: 'Extras booked: [{ "code": "CHILD_SEAT", "quantity": 1, "total": 2100 }] (total in cents).' }),
      f.json('lines', { readonly: true, note: 'The quote as shown to the renter: [{ "code", "label", "amount" }] (amount in cents).' }),
      f.o2m('payments', {
        readonly: true, note: 'Charges and refunds of this reservation (written by the storefront; open one for its details).',
        options: { layout: 'table', fields: ['kind', 'provider', 'status', 'amount', 'reservation_conflict'], enableCreate: false, enableSelect: false, enableLink: true, sort: 'date_created', sortDirection: '+' },
        display_options: { template: '{{kind}} · {{provider}} · {{status}} · {{amount}}' },
      }),
      f.o2m('precheckins', { template: '{{status}} · {{contact_email}}' }),
      f.timestamp('reminder_sent_at', { width: 'half', readonly: true, note: 'When the reminder before pickup was sent (UTC); set once, by the content service. Empty: not sent.' }),
      f.int('revision', {
        def: 0, min: 0, width: 'half', readonly: true,
        note: 'Raised by one by the content service whenever the car, branches or dates change, or the reservation is cancelled (or taken back). The calendar files sent to the renter carry it as their SEQUENCE, so each one replaces the last.',
      }),
      f.int('notified_revision', {
        min: 0, width: 'half', readonly: true,
        note: 'The last revision whose e-mail (change or cancellation) went to the renter: each revision is e-mailed once.',
      }),
      // The rental lifecycle (docs/counter.md), written only by the counter endpoints (POST /booking/reservations/:ref/pickup,
      // /return, /no-show); read-only in the admin, so the order of events and the branch check cannot be skipped.
      f.divider('divider_counter', 'At the counter'),
      f.m2o('vehicle', 'vehicles', {
        template: '{{plate}} · {{car.marca}} {{car.modelo}}', width: 'half', readonly: true,
        note: 'The unit this booking holds: chosen when it is booked, fixed when it is assigned (docs/fleet.md).',
      }),
      f.timestamp('vehicle_assigned_at', { width: 'half', readonly: true, note: 'When the unit was assigned (UTC): automatically before pickup, or by staff.' }),
      f.select('vehicle_assignment', [choice('auto', 'Automatic'), choice('staff', 'Chosen by staff'), choice('upgrade', 'Upgrade')], { width: 'half', readonly: true, note: 'How the unit was assigned.' }),
      f.timestamp('needs_vehicle_since', { width: 'half', readonly: true, note: 'Set while no unit can take this booking (a late return, a car in maintenance): it is on the counter\'s "needs a car" list.' }),
      f.text('vehicle_assignment_note', { readonly: true, note: 'Why staff swapped the unit or gave an upgrade.' }),
      f.select('rental_status', [
        choice('booked', 'Booked', 'var(--theme--foreground-subdued)'),
        choice('picked_up', 'Picked up', 'var(--theme--primary)'),
        choice('returned', 'Returned', 'var(--theme--success)'),
        choice('no_show', 'No-show', 'var(--theme--danger)'),
      ], { def: 'booked', width: 'half', readonly: true, chips: true, note: 'Where the rental stands (beside the payment status): booked, picked up, returned, or no-show.' }),
      f.timestamp('picked_up_at', { width: 'half', readonly: true, note: 'When the car was handed over (UTC).' }),
      f.m2o('picked_up_by', 'directus_users', { template: '{{first_name}} {{last_name}} <{{email}}>', width: 'half', readonly: true, note: 'Staff member who handed the car over.' }),
      f.m2o('pickup_branch_actual', 'branches', { template: '{{code}} · {{name}}', width: 'half', readonly: true, note: 'Branch where the car was handed over (the staff member\'s).' }),
      f.int('mileage_out', { min: 0, width: 'half', readonly: true, suffix: 'speed', note: 'Odometer at pickup, in km.' }),
      f.int('fuel_out', { min: 0, max: 8, width: 'half', readonly: true, note: 'Fuel at pickup, in eighths of a tank (0 = empty, 8 = full).' }),
      f.text('pickup_notes', { readonly: true }),
      f.json('pickup_photos', { readonly: true, note: 'Ids of the photos taken at pickup (files in the private folder): ["uuid", ...].' }),
      f.timestamp('returned_at', { width: 'half', readonly: true, note: 'When the car came back (UTC); its unit is free again after the turnaround buffer.' }),
      f.m2o('returned_by', 'directus_users', { template: '{{first_name}} {{last_name}} <{{email}}>', width: 'half', readonly: true, note: 'Staff member who took the car back.' }),
      f.int('mileage_in', { min: 0, width: 'half', readonly: true, suffix: 'speed', note: 'Odometer at return, in km.' }),
      f.int('fuel_in', { min: 0, max: 8, width: 'half', readonly: true, note: 'Fuel at return, in eighths of a tank.' }),
      f.text('damage_notes', { readonly: true }),
      f.json('damage_photos', { readonly: true, note: 'Ids of the photos of damage taken at return: ["uuid", ...].' }),
      f.json('return_charges', { readonly: true, note: 'Extra charges of the return: [{ "code": "fuel" | "late_return" | "damage" | "tax", "amount", "quantity"?, "unitAmount"? }] (cents).' }),
      f.timestamp('no_show_at', { width: 'half', readonly: true, note: 'When staff marked the renter as a no-show (UTC); the unit was freed then.' }),
      // The security deposit taken at the counter (docs/counter.md, "Deposit"): recorded at pickup, given back (all or
      // less what is kept towards the return's charges) at the return. No gateway hold: cash or the branch's terminal.
      f.int('deposit_amount', { min: 0, width: 'half', readonly: true, note: 'Security deposit taken at pickup, in cents (empty = none).' }),
      f.select('deposit_method', [choice('cash', 'Cash'), choice('card_terminal', 'Card terminal')], { width: 'half', readonly: true, note: 'How the deposit was taken (and is given back).' }),
      f.timestamp('deposit_refunded_at', { width: 'half', readonly: true, note: 'When the deposit was given back at the return (UTC).' }),
      f.int('deposit_kept_amount', { min: 0, width: 'half', readonly: true, note: 'Part of the deposit kept towards the return\'s charges, in cents (not more than the deposit nor the charges).' }),
      f.timestamp('return_receipt_sent_at', { width: 'half', readonly: true, note: 'When the renter\'s return receipt was e-mailed (claimed once, POST /counter/reservations/:number/receipt).' }),
      // Kept by the content service for the admin's dashboards (docs/admin-dashboards.md): Insights panels aggregate a
      // field as stored and cannot divide cents by 100.
      f.divider('divider_figures', 'Figures'),
      f.float('total_usd', {
        width: 'half', readonly: true, label: 'Total (US$)', suffix: 'attach_money',
        display: 'formatted-value', display_options: { prefix: 'US$ ', format: true },
        note: '"total" in dollars (total / 100), kept by the content service whenever the total changes; the dashboards sum it.',
      }),
      f.select('channel', [
        choice('web', 'Web (storefront pages)', 'var(--theme--primary)'),
        choice('corporate', 'Corporate agent', 'var(--theme--secondary)'),
        choice('api', 'Public booking API', 'var(--theme--warning)'),
      ], {
        width: 'half', readonly: true, chips: true,
        note: 'Where it was booked, recorded by the content service when the reservation is created: a corporate agent\'s booking, the storefront\'s booking pages, or the public booking API (POST /api/reservations).',
      }),
      f.string('return_collection', {
        width: 'half', readonly: true,
        note: 'The way the return\'s charges are being collected (card_on_file or counter), claimed by the storefront before it charges or records, so the money is taken one way only (POST /counter/reservations/:number/collection).',
      }),
    ],
  }),

  // Written only by POST /payments-ledger (extensions/payments): one row per gateway attempt, charge or
  // refund, found again by its idempotency_key. Read-only in the admin: a status changed by hand would skip what the
  // endpoint does with it (the reservation marked paid, the refund limits).
  collection('payments', {
    icon: 'payments', label: 'Payments', group: 'bookings', template: '{{kind}} · {{provider}} · {{status}} · {{amount}}',
    note: 'Charges and refunds, written by the storefront through POST /payments-ledger. Card data is limited to brand, last four digits and expiry; payment_method is a gateway token.',
    fields: [
      f.pk(),
      f.m2o('reservation', 'reservations', { template: '{{reservation_number}}', width: 'half', oneField: 'payments', readonly: true }),
      f.select('kind', [choice('charge', 'Charge'), choice('refund', 'Refund')], {
        def: 'charge', width: 'half', labels: false, display_options: { format: true }, readonly: true, schema: { is_nullable: false }, note: 'A charge takes money; a refund returns money from the charge in "Refund of".',
      }),
      f.select('provider', [choice('metrobank', 'Metrobank'), choice('paypal', 'PayPal'), choice('counter', 'At the counter')], { width: 'half', labels: false, allowOther: true, readonly: true }),
      f.select('status', [
        choice('pending', 'Pending', 'var(--theme--foreground-subdued)'),
        choice('requires_action', 'Requires action', 'var(--theme--warning)'),
        choice('succeeded', 'Succeeded', 'var(--theme--success)'),
        choice('failed', 'Failed', 'var(--theme--danger)'),
        choice('canceled', 'Canceled', 'var(--theme--foreground-subdued)'),
      ], { def: 'pending', width: 'half', readonly: true, chips: true, note: 'Moves only forward: pending → requires action → succeeded, failed or canceled (final).' }),
      f.cents('amount', { width: 'half', readonly: true }),
      f.string('currency', { def: 'USD', width: 'half', maxLength: 3, readonly: true }),
      f.select('reservation_conflict', [
        choice('cancelled', 'Reservation was cancelled', 'var(--theme--danger)'),
        choice('sold_out', 'Car no longer available', 'var(--theme--danger)'),
      ], {
        width: 'full', readonly: true, chips: true,
        note: 'Set when a charge succeeded but could not pay its reservation (cancelled, or its payment hold ran out and the car was taken): the money was taken and must be refunded.',
      }),
      f.divider('divider_gateway', 'Gateway'),
      f.string('idempotency_key', { unique: true, width: 'half', font: 'monospace', maxLength: 255, readonly: true, note: 'Unique: every call with this key updates this row instead of adding one.' }),
      f.string('provider_reference', { unique: true, width: 'half', font: 'monospace', readonly: true, note: 'The gateway\'s id: card PaymentIntent (pi_…), PayPal order id, or the refund\'s id. Unique.' }),
      f.string('provider_capture', { width: 'half', font: 'monospace', readonly: true, note: 'PayPal capture id (needed to refund).' }),
      f.string('payment_method', { width: 'half', font: 'monospace', readonly: true, note: 'Reusable gateway payment-method token (pm_…) to charge a difference later. Never card data.' }),
      f.string('card_brand', { width: 'half', readonly: true }),
      f.string('card_last4', { width: 'half', maxLength: 4, readonly: true }),
      f.string('card_expiry', { width: 'half', maxLength: 5, placeholder: 'MM/YY', readonly: true }),
      f.divider('divider_outcome', 'Outcome'),
      f.string('failure_code', { width: 'half', font: 'monospace', readonly: true }),
      f.text('failure_reason', { readonly: true }),
      f.m2o('refund_of', 'payments', {
        template: '{{kind}} · {{provider}} · {{status}} · {{amount}}', width: 'half', oneField: 'refunds', readonly: true,
        label: 'Refund of', note: 'For a refund: the charge it returns money from.',
      }),
      f.o2m('refunds', {
        readonly: true, label: 'Refunds', note: 'Refunds of this charge.',
        options: { layout: 'table', fields: ['date_created', 'provider', 'status', 'amount', 'provider_reference'], enableCreate: false, enableSelect: false, enableLink: true, sort: 'date_created', sortDirection: '+' },
        display_options: { template: '{{status}} · {{amount}}' },
      }),
      f.dateCreated(),
      f.dateUpdated(),
      f.timestamp('settled_at', { width: 'half', readonly: true, note: 'When it became succeeded, failed or canceled (UTC).' }),
      f.float('amount_usd', {
        width: 'half', readonly: true, label: 'Amount (US$)', suffix: 'attach_money',
        display: 'formatted-value', display_options: { prefix: 'US$ ', format: true },
        note: '"amount" in dollars (amount / 100), kept by the content service; the dashboards sum it.',
      }),
    ],
  }),

  // Written by the storefront through PUT /booking/reservations/:ref/precheckin (no right at /items); the scans of the licence and the id are
  // uploaded first with POST /precheckin-documents, which stores them in the private folder
  // "Pre-check-in documents" (PRECHECKIN_DOCUMENTS_FOLDER): neither the public nor the storefront can read them back.
  collection('precheckins', {
    icon: 'how_to_reg', label: 'Pre-check-ins', group: 'bookings', template: '{{reservation.reservation_number}} · {{status}}',
    note: 'Main driver\'s details, documents and accepted terms sent before pickup (one per reservation). The documents are visible to staff only.',
    fields: [
      f.pk(),
      f.m2o('reservation', 'reservations', {
        template: '{{reservation_number}}', width: 'half', oneField: 'precheckins', schema: { is_unique: true },
        note: 'One pre-check-in per reservation.',
      }),
      f.select('status', [
        choice('pending', 'Pending', 'var(--theme--warning)'),
        choice('paid', 'Paid', 'var(--theme--success)'),
        choice('cancelled', 'Cancelled', 'var(--theme--danger)'),
      ], { def: 'pending', width: 'half' }),
      f.select('preferred_language', languageChoices, { width: 'half', labels: false }),
      f.email('contact_email', { width: 'half' }),
      f.string('contact_phone', { width: 'half' }),
      f.string('flight_number', { width: 'half', note: 'For airport pickups (optional).' }),
      f.divider('divider_driver', 'Main driver'),
      f.string('license_number', { width: 'half' }),
      f.string('license_country', {
        width: 'half', maxLength: 2, font: 'monospace', placeholder: 'PA',
        validation: { _or: [{ license_country: { _null: true } }, { license_country: { _regex: '^[A-Z]{2}$' } }] },
        validation_message: 'ISO 3166-1 alpha-2 country code in upper case (e.g. PA, US).',
        note: 'Country that issued the licence (ISO 3166-1 alpha-2).',
      }),
      f.date('license_expiry', { width: 'half', note: 'Must not be before the return date (checked by the storefront).' }),
      f.string('id_document', { width: 'half', note: 'Passport or national id number.' }),
      f.document('license_file', { label: 'Licence (scan or photo)' }),
      f.document('id_file', { label: 'Id or passport (scan or photo)' }),
      field('additional_drivers', 'json', {
        special: ['cast-json'], interface: 'list',
        options: {
          template: '{{first_name}} {{last_name}} · {{license_number}} ({{license_country}})',
          addLabel: 'Add a driver',
          fields: [
            ...[['first_name', 'First name'], ['last_name', 'Last name'], ['license_number', 'Licence number']].map(([name, label]) => ({
              field: name, name: label, type: 'string',
              meta: { field: name, type: 'string', width: 'half', interface: 'input', required: true },
            })),
            {
              field: 'license_country', name: 'Licence country', type: 'string',
              meta: { field: 'license_country', type: 'string', width: 'half', interface: 'input', required: true, options: { placeholder: 'PA', font: 'monospace' }, note: 'ISO 3166-1 alpha-2.' },
            },
            ...[['birthday', 'Birthday'], ['license_expiry', 'Licence expiry']].map(([name, label]) => ({
              field: name, name: label, type: 'date',
              meta: { field: name, type: 'date', width: 'half', interface: 'datetime', required: true },
            })),
          ],
        },
        note: 'Other drivers: [{ first_name, last_name, birthday, license_number, license_country, license_expiry }] (dates YYYY-MM-DD; each 21 or older on the pickup date).',
      }),
      f.divider('divider_terms', 'Rental terms'),
      f.string('terms_accepted_name', { width: 'half', note: 'The name the renter typed to accept the rental terms.' }),
      f.datetime('terms_accepted_at', { width: 'half', note: 'When the terms were accepted (Panama local time, UTC-5).' }),
      f.dateCreated(),
      f.dateUpdated(),
    ],
  }),

  collection('corporate_leads', {
    icon: 'contact_mail', label: 'Corporate leads', group: 'corporate', template: '{{company}} · {{contact_name}}',
    note: 'Sent from the corporate contact form.',
    fields: [
      f.pk(),
      f.string('company', { width: 'half' }),
      f.string('contact_name', { width: 'half' }),
      f.email('email', { width: 'half' }),
      f.string('phone', { width: 'half' }),
      f.string('fleet_size', { width: 'half', note: 'Number of cars needed, as given.' }),
      f.select('brand', brandChoices, { width: 'half', labels: false }),
      f.text('message'),
      f.string('source_page', { width: 'half', note: 'Page the form was sent from.' }),
      f.dateCreated(),
    ],
  }),

  // Written by POST /job-applications (the CV checked and stored in the private folder "Job applications"
  // (JOB_APPLICATIONS_FOLDER), then the row, in one request): neither the public nor the storefront can read a CV back.
  collection('job_applications', {
    icon: 'badge', label: 'Job applications', group: 'corporate', template: '{{name}} · {{job.slug}}',
    note: 'Sent from the application form of a job offer. The CVs are visible to staff only.',
    fields: [
      f.pk(),
      f.m2o('job', 'jobs', { template: '{{slug}}', width: 'half', oneField: 'applications' }),
      f.string('name', { width: 'half' }),
      f.email('email', { width: 'half' }),
      f.string('phone', { width: 'half' }),
      f.text('message'),
      f.document('cv', {
        label: 'CV (PDF)', folder: JOB_APPLICATIONS_FOLDER, folderName: 'Job applications',
        note: 'Private: in the folder "Job applications", visible to staff only. A PDF of at most 5 MB.',
      }),
      f.dateCreated(),
    ],
  }),

  collection('reservation_drafts', {
    icon: 'edit_note', label: 'Reservation drafts', group: 'bookings', hidden: true, accountability: null, template: '{{id}}',
    note: 'Booking flow state the storefront keeps between steps; removed after expires_at.',
    fields: [
      field('id', 'uuid', {
        schema: { is_primary_key: true, is_nullable: false },
        special: ['uuid'], hidden: true, readonly: true, interface: 'input',
      }),
      f.json('data', { note: 'Whatever the storefront needs to resume the booking.' }),
      f.timestamp('expires_at', { width: 'half', note: 'After this instant (UTC) the draft is removed.' }),
      f.dateCreated(),
      f.dateUpdated(),
    ],
  }),

  // Renters' requests to see or erase their data (docs/privacy.md): written by POST /data-rights/* (extensions/privacy)
  // after the renter proved the reservation number and its e-mail; handled by staff in the admin. Setting an erasure to
  // "Done" carries it out (the privacy hook), or refuses with the reason while a reservation is not yet returned.
  // No policy of schema/access.mjs has any permission on it: staff (administrators) only.
  collection('data_requests', {
    icon: 'privacy_tip', label: 'Data requests', group: 'bookings', template: '{{kind}} · {{email}} · {{status}}',
    note: 'Renters asking for a copy of their data or its erasure (Law 81 of 2019). Set an erasure to Done to carry it out.',
    fields: [
      f.pk(),
      f.select('kind', [choice('access', 'Copy of the data'), choice('erasure', 'Erasure')], { required: true, width: 'half', readonly: true, schema: { is_nullable: false } }),
      f.select('status', [
        choice('pending', 'Pending', 'var(--theme--warning)'),
        choice('done', 'Done', 'var(--theme--success)'),
        choice('refused', 'Refused', 'var(--theme--danger)'),
      ], { def: 'pending', width: 'half', chips: true, note: 'Erasure: Done anonymises this e-mail\'s records and deletes its scans and CVs (refused with the reason while a reservation is not returned).' }),
      f.email('email', { width: 'half', readonly: true, note: 'The address the renter proved with the reservation number.' }),
      f.string('reservation_number', { width: 'half', readonly: true, font: 'monospace' }),
      f.select('language', languageChoices, { width: 'half', labels: false, readonly: true }),
      f.text('staff_note', { note: 'Why it was refused, or anything staff want to keep about it.' }),
      f.json('outcome', { readonly: true, note: 'What was done: records anonymised and files deleted per collection (set when an erasure is carried out).' }),
      f.dateCreated(),
      f.timestamp('completed_at', { width: 'half', readonly: true, note: 'When it was done or refused (UTC).' }),
    ],
  }),

  // One row per kind of record the retention job removed in a run (extensions/privacy): staff read what went, when.
  collection('retention_runs', {
    icon: 'auto_delete', label: 'Retention runs', group: 'bookings', template: '{{kind}} · {{removed_count}}',
    note: 'What the retention job removed: scans, CVs, drafts and leads past the periods of the brand sites (docs/privacy.md).',
    fields: [
      f.pk(),
      f.dateCreated(),
      f.select('kind', [choice('scans', 'Pre-check-in scans'), choice('cvs', 'Job applications and CVs'), choice('drafts', 'Reservation drafts'), choice('leads', 'Corporate leads')], { width: 'half', labels: false, readonly: true }),
      f.int('removed_count', { width: 'half', readonly: true }),
      f.json('removed_ids', { readonly: true, note: 'Ids of the pre-check-ins whose scans were deleted, or of the applications, drafts or leads deleted.' }),
      f.timestamp('as_of', { width: 'half', readonly: true, note: 'The instant the periods were counted to (now, or the one given to POST /retention/run).' }),
      f.select('trigger', [choice('schedule', 'Scheduled'), choice('manual', 'Run by staff')], { width: 'half', labels: false, readonly: true }),
    ],
  }),

  // Only the booking extension touches it, through the database (no permissions for any policy).
  collection('rate_limits', {
    icon: 'speed', label: 'Rate limits', hidden: true, accountability: null, template: '{{key}}',
    note: 'Fixed-window counters of POST /booking/rate-limit and of reservations per client (hold_limit of POST /booking/reservations). Rows of ended windows are removed on the way.',
    fields: [
      field('key', 'string', {
        schema: { is_primary_key: true, is_nullable: false, max_length: 255 },
        interface: 'input', readonly: true, options: { font: 'monospace' },
      }),
      f.int('hits', { def: 0, min: 0, width: 'half', readonly: true }),
      field('window_ends_at', 'bigInteger', { interface: 'input', readonly: true, width: 'half', note: 'Epoch milliseconds (UTC).' }),
    ],
  }),
];

// Extra fields on system collections.
export const systemFields = [
  {
    collection: 'directus_users',
    ...f.m2o('corporate_account', 'corporate_accounts', {
      template: '{{name}}', oneField: 'agents', note: 'Company of a corporate agent (role Corporate agent): the agent reads this company\'s reservations.',
      width: 'half',
    }),
  },
  {
    collection: 'directus_users',
    ...f.m2o('branch', 'branches', {
      template: '{{code}} · {{name}}', width: 'half',
      note: 'Branch of a counter staff member (role Counter staff): they hand over and take back that branch\'s cars.',
    }),
  },
];

// What the public (and the storefront, and corporate agents) may read: every row filter below keeps drafts private.
//
// Publishable collections show their published rows only. A row that belongs to other rows (a translation, a
// junction row, a brand's list of fleet classes, a fee between two branches) is readable only while every row it
// belongs to is: a draft page's translations, a draft CTA's link to a brand site, or a fee to a draft branch stay
// private with it. Directus applies these filters to nested reads too (`translations.*`, `ctas.cta_id.*`).
const PUBLISHED = { status: { _eq: 'published' } };

// Collections whose rows are public on their own state.
const standaloneRows = {
  // Languages have no draft state: they are the two language codes.
  languages: null,
  sites_config: PUBLISHED,
  flota: { published: { _eq: true } },
  prepaid_discounts: PUBLISHED,
  branches: PUBLISHED,
  coverages: PUBLISHED,
  delivery_options: PUBLISHED,
  info_pages: PUBLISHED,
  cta: PUBLISHED,
  promos: PUBLISHED,
  jobs: PUBLISHED,
  extras: PUBLISHED,
  rate_seasons: PUBLISHED,
  length_discounts: PUBLISHED,
};

/** Rows readable while the rows they point at through `links` ({ m2o field: parent collection }) are. */
function belongingTo(links) {
  const conditions = Object.entries(links).flatMap(([field, parent]) => {
    const filter = standaloneRows[parent];
    if (filter === undefined) throw new Error(`model: ${parent} is not a public collection, so nothing belonging to it is`);
    return filter === null ? [] : [{ [field]: filter }];
  });
  if (conditions.length === 0) return null;
  return conditions.length === 1 ? conditions[0] : { _and: conditions };
}

const hasTranslations = (c) => c.fields.some((fl) => fl.translationFields);

export const publicCollections = {
  ...standaloneRows,
  sites_config_cars: belongingTo({ sites_config_id: 'sites_config' }),
  dropoff_fees: belongingTo({ from_branch: 'branches', to_branch: 'branches' }),
  // Every translation collection and m2m junction of a public collection, from the model, so none is forgotten.
  ...Object.fromEntries(collections
    .filter((c) => c.collection in standaloneRows && hasTranslations(c))
    .map((c) => [`${c.collection}_translations`, belongingTo({ [`${c.collection}_id`]: c.collection })])),
  ...Object.fromEntries(collections
    .filter((c) => c.collection in standaloneRows && c.m2m)
    .map((c) => [c.m2m.junction, belongingTo({ [`${c.collection}_id`]: c.collection, [`${c.m2m.related}_id`]: c.m2m.related })])),
};

// File fields of the public collections (translation fields included): the public reads a file only while an item it
// may read points at it (schema/access.mjs).
export const publicFileFields = collections
  .filter((c) => c.collection in standaloneRows)
  .flatMap((c) => c.fields.flatMap((fl) => [
    ...(fl.relation?.related === 'directus_files' ? [{ collection: c.collection, field: fl.field }] : []),
    ...(fl.translationFields ?? [])
      .filter((tf) => tf.relation?.related === 'directus_files')
      .map((tf) => ({ collection: `${c.collection}_translations`, field: tf.field })),
  ]));

// Collections whose changes the revalidation flow reports to the storefront (translations and junction rows
// are edited through their parent, whose update event carries the parent's key).
export const revalidatedCollections = [
  'languages', 'sites_config', 'sites_config_cars', 'flota', 'prepaid_discounts', 'branches', 'coverages',
  'dropoff_fees', 'delivery_options', 'info_pages', 'cta', 'promos', 'jobs', 'extras', 'rate_seasons', 'length_discounts',
];
