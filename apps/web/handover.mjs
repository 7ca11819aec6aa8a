// The one hand-over between the production server (server.mjs and the modules it loads itself: server-response.mjs,
// logger.mjs, cache-handler.mjs) and the app Next bundles (src/instrumentation.ts, the route modules, the proxy).
//
// Next compiles the app into several bundles, each of which may carry its own copy of a module; server.mjs is not
// bundled at all. Module state is therefore not shared between them, and whatever one of them leaves for another is
// left here: one object per process, under one registered symbol, with a named slot for each thing handed over
// (handover.d.mts lists the slots, who writes each and who reads it; docs/architecture.md, "The edge and the
// hand-over"). Every copy of this module evaluates to the same object. Nothing else in the storefront keeps state on
// the global object.

const KEY = Symbol.for('rentacar.storefront.handover');

/** @type {import('./handover.d.mts').Handover} */
export const handover = (globalThis[KEY] ??= {});
