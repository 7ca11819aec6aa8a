// The content model as code (services/content/schema/*.mjs), the door the extensions read it through: the collections
// and their fields (model.mjs), the storefront's account pages (accounts.mjs) and its callbacks (callbacks.mjs); the
// access rules' ids come through directus.ts. Plain data and pure functions, the same files the start-up reconcile
// applies (scripts/prepare.mjs), so an extension checks what the service is configured with; each extension bundles
// them when it is built.
export { collections, type ModelField } from '../../schema/model.mjs';
export { ACCOUNT_EMAILS_PATH, ACCOUNT_PAGES, matchAccountPage, parseOrigins, type AccountPage } from '../../schema/accounts.mjs';
export { CALLBACK_SECRET_HEADER, CALLBACK_SECRET_NAMES, callbackPath, type CallbackKind } from '../../schema/callbacks.mjs';
