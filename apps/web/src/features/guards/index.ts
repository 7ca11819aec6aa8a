export { guardedRoute } from './guarded-route';
