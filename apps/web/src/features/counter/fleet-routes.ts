import { COUNTER_PATH } from './counter-routes';

/** The fleet board: a branch's units by state (`?sucursal=` another branch's, `?clase=` one ACRISS class). */
export const FLEET_PATH = `${COUNTER_PATH}/flota`;
