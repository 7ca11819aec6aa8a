/**
 * The flows' route guards and the guarded route a page is built from. Other code uses this feature through this file
 * only.
 */
export { guardedRoute } from './guarded-route';
