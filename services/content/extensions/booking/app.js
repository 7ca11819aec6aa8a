// The bundle has no part in the admin app; Directus' bundle manifest still names an app entry point, and loads it
// only for app-side entries (none here).
export {};
