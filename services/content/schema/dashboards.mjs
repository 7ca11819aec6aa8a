// The admin's Insights dashboards, kept as code: "Hoy", "Ventas" and "Flota". scripts/prepare.mjs reconciles them on
// every start (extensions/shared/dashboards.mjs): a dashboard or panel of this file that is missing is created, one
// that differs is put back as written here, nothing is duplicated (fixed ids), and dashboards or panels staff made in
// the admin are left alone. To change one: edit this file and restart the content service (docs/admin-dashboards.md).
//
// Panel types and options are those of Directus 11's Insights module (app/src/panels/*): `metric` (one aggregate),
// `metric-list` (an aggregate per group), `bar-chart` (an aggregate per value of xAxis; xAxisDisplayField names the
// related item for a many-to-one), `pie-chart` (count per value of `column`), `time-series` (an aggregate per
// day/month of a date field over a past range), `list` (items), `label` (text). The panels run their queries with
// the signed-in staff member's rights, so they show figures to whoever may read the collections (admins).
//
// Dates: reservations' pickup_date and return_date are Panama wall-clock times; `date_created` and `cancelled_at`
// are instants. A filter on a wall-clock field cannot use Directus' `$NOW` as it is, so the definitions take:
//   - `nowPanama(hours)`: the `$NOW(...)` variable that reads as Panama's wall clock `hours` from now, on this
//     database (the reconciler works out the shift from the database engine and the server's time zone);
//   - `today`: Panama's date when the panels are written, `{ from: 'YYYY-MM-DDT00:00:00', to: 'YYYY-MM-DDT23:59:59' }`
//     (at every start, and again by the `dashboards` hook once Panama's date has moved on).
// A panel with `requires: ['collection.field', ...]` is created only when those fields exist in the schema (the
// rental lifecycle's `rental_status`, the recorded `channel`, the dollars `total_usd` and `amount_usd`), removed when
// they do not.
//
// Amounts: stored in cents, shown in dollars. A panel cannot divide, so it sums the dollars the content service keeps
// beside each amount (`reservations.total_usd`, `payments.amount_usd`: extensions/dashboards) and formats them as USD.

/** Fixed ids: the reconciler finds its dashboards and panels by them. */
const dashboardIds = {
  hoy: '6b0f3a52-2f0e-4d43-9a61-0d5a4c1e0001',
  ventas: '6b0f3a52-2f0e-4d43-9a61-0d5a4c1e0002',
  flota: '6b0f3a52-2f0e-4d43-9a61-0d5a4c1e0003',
};
/** The panel whose filter carries today's date: the `dashboards` hook reads it to know when to move "today" on. */
export const TODAY_PANEL = '6b0f3a52-2f0e-4d43-9a61-0d5a4c1e1001';
// Panel ids: the dashboards' prefix, the dashboard's digit (1 Hoy, 2 Ventas, 3 Flota) and the panel's number.
const panelId = (dashboard, n) => `6b0f3a52-2f0e-4d43-9a61-0d5a4c1e${{ hoy: 1, ventas: 2, flota: 3 }[dashboard]}${String(n).padStart(3, '0')}`;

const NOT_CANCELLED = { status: { _neq: 'cancelled' } };
/** Not yet at the counter (a row older than the lifecycle has no rental status: booked). */
const STILL_BOOKED = { _or: [{ rental_status: { _null: true } }, { rental_status: { _eq: 'booked' } }] };
const PRECHECKIN_DONE = { precheckins: { _some: { status: { _eq: 'paid' } } } };
const PRECHECKIN_NOT_DONE = { precheckins: { _none: { status: { _eq: 'paid' } } } };
// A many-to-one is tested for null through its related id (`coupon: { id: { _nnull: true } }`): the Insights module
// sends the filters through GraphQL, where `coupon: { _nnull: true }` is not a valid filter.
const isSet = (field) => ({ [field]: { id: { _nnull: true } } });
/** The booking's channel, recorded on the reservation when it is created (docs/admin-dashboards.md, "Channels"). */
export const CHANNEL_FILTERS = {
  web: { channel: { _eq: 'web' } },
  corporate: { channel: { _eq: 'corporate' } },
  api: { channel: { _eq: 'api' } },
};
/** How the panels show an amount in dollars (a `*_usd` field: Insights formats a figure but cannot divide cents). */
const DOLLARS = { numberStyle: 'currency', unit: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 };
const LAST_30_DAYS = { date_created: { _gte: '$NOW(-30 days)' } };

const at = (x, y, width, height) => ({ position_x: x, position_y: y, width, height });

/**
 * The dashboards as they should be. `nowPanama(hours)` and `today` as described at the top of this file.
 * @param {{ nowPanama: (hours?: number) => string, today: { from: string, to: string } }} clock
 */
export function dashboardDefinitions({ nowPanama, today }) {
  const pickupToday = { pickup_date: { _between: [today.from, today.to] } };
  const returnToday = { return_date: { _between: [today.from, today.to] } };
  const next30Days = { _and: [{ pickup_date: { _lt: nowPanama(30 * 24) } }, { return_date: { _gt: nowPanama(0) } }] };
  // A unit is taken in the next 30 days by a booking not yet at the counter whose rental falls in them, and by every car
  // out now (handed over and not back: a late one keeps its unit until it is returned); a returned car or a no-show
  // takes none (the stock check's rule, docs/counter.md).
  const takenNext30Days = { _or: [{ _and: [NOT_CANCELLED, STILL_BOOKED, next30Days] }, { rental_status: { _eq: 'picked_up' } }] };

  return [
    {
      id: dashboardIds.hoy, name: 'Hoy', icon: 'today', color: '#2F80ED',
      note: 'El día en las sucursales: recogidas y devoluciones de hoy por sucursal, devoluciones atrasadas y cuántas recogidas de hoy tienen el pre-check-in hecho. "Hoy" es la fecha de Panamá; cambia a medianoche (hora de Panamá).',
      panels: [
        {
          id: TODAY_PANEL, name: 'Recogidas de hoy', icon: 'car_rental', type: 'metric', ...at(1, 1, 12, 6),
          note: 'Reservas no canceladas con recogida hoy.',
          options: { collection: 'reservations', field: 'id', function: 'count', filter: { _and: [NOT_CANCELLED, pickupToday] } },
        },
        {
          id: panelId('hoy', 2), name: 'Con pre-check-in hecho', icon: 'how_to_reg', type: 'metric', ...at(13, 1, 12, 6),
          note: 'Recogidas de hoy cuyo pre-check-in está completo (datos enviados y nada pendiente de pago). Compárelo con "Recogidas de hoy".',
          options: { collection: 'reservations', field: 'id', function: 'count', filter: { _and: [NOT_CANCELLED, pickupToday, PRECHECKIN_DONE] } },
        },
        {
          id: panelId('hoy', 3), name: 'Sin pre-check-in', icon: 'pending_actions', type: 'metric', ...at(25, 1, 12, 6),
          note: 'Recogidas de hoy cuyo pre-check-in no está completo: el mostrador tomará los datos.',
          options: { collection: 'reservations', field: 'id', function: 'count', filter: { _and: [NOT_CANCELLED, pickupToday, PRECHECKIN_NOT_DONE] } },
        },
        {
          id: panelId('hoy', 4), name: 'Devoluciones de hoy', icon: 'assignment_return', type: 'metric', ...at(37, 1, 12, 6),
          note: 'Reservas no canceladas con devolución prevista hoy.',
          options: { collection: 'reservations', field: 'id', function: 'count', filter: { _and: [NOT_CANCELLED, returnToday] } },
        },
        {
          id: panelId('hoy', 5), name: 'Recogidas de hoy por sucursal', icon: 'bar_chart', type: 'bar-chart', ...at(1, 7, 24, 14),
          note: 'Reservas no canceladas con recogida hoy, por sucursal de recogida.',
          options: {
            collection: 'reservations', xAxis: 'pickup_branch', xAxisDisplayField: 'code', yAxis: 'id', function: 'count',
            filter: { _and: [NOT_CANCELLED, pickupToday] }, decimals: 0, color: '#2F80ED', showAxisLabels: 'both', showDataLabel: true,
          },
        },
        {
          id: panelId('hoy', 6), name: 'Devoluciones de hoy por sucursal', icon: 'bar_chart', type: 'bar-chart', ...at(25, 7, 24, 14),
          note: 'Reservas no canceladas con devolución prevista hoy, por sucursal de devolución.',
          options: {
            collection: 'reservations', xAxis: 'return_branch', xAxisDisplayField: 'code', yAxis: 'id', function: 'count',
            filter: { _and: [NOT_CANCELLED, returnToday] }, decimals: 0, color: '#27AE60', showAxisLabels: 'both', showDataLabel: true,
          },
        },
        {
          id: panelId('hoy', 7), name: 'Devoluciones atrasadas', icon: 'running_with_errors', type: 'metric', ...at(1, 21, 12, 6),
          note: 'Coches recogidos cuya hora de devolución ya pasó y que aún no se han devuelto.',
          requires: ['reservations.rental_status'],
          options: {
            collection: 'reservations', field: 'id', function: 'count',
            filter: { _and: [{ rental_status: { _eq: 'picked_up' } }, { return_date: { _lt: nowPanama(0) } }] },
            conditionalFormatting: [{ operator: '>', value: 0, color: '#E35169' }],
          },
        },
        {
          id: panelId('hoy', 8), name: 'Devoluciones atrasadas: detalle', icon: 'list', type: 'list', ...at(13, 21, 36, 14),
          note: 'Las reservas atrasadas, la más antigua primero.',
          requires: ['reservations.rental_status'],
          options: {
            collection: 'reservations', limit: 20, sortField: 'return_date', sortDirection: 'asc', linkToItem: true,
            displayTemplate: '{{reservation_number}} · {{client_name}} {{client_last_name}} · {{return_branch.code}} · {{return_date}}',
            filter: { _and: [{ rental_status: { _eq: 'picked_up' } }, { return_date: { _lt: nowPanama(0) } }] },
          },
        },
        {
          id: panelId('hoy', 9), name: 'Reservas sin coche', icon: 'no_crash', type: 'list', ...at(1, 35, 48, 12),
          note: 'Reservas a las que ningún coche puede atender (una devolución atrasada, un coche al taller): el mostrador les asigna uno. La recogida más próxima primero.',
          requires: ['reservations.needs_vehicle_since'],
          options: {
            collection: 'reservations', limit: 20, sortField: 'pickup_date', sortDirection: 'asc', linkToItem: true,
            displayTemplate: '{{reservation_number}} · {{client_name}} {{client_last_name}} · {{pickup_branch.code}} · {{pickup_date}} · {{car.marca}} {{car.modelo}}',
            filter: { _and: [{ needs_vehicle_since: { _nnull: true } }, NOT_CANCELLED, { _or: [{ rental_status: { _null: true } }, { rental_status: { _eq: 'booked' } }] }] },
          },
        },
      ],
    },
    {
      id: dashboardIds.ventas, name: 'Ventas', icon: 'point_of_sale', color: '#27AE60',
      note: 'Las ventas de los últimos 30 días: reservas por día y canal (web, agente corporativo, API), ingresos de las reservas pagadas, días de alquiler promedio, cupones, pago en línea frente a pago en el mostrador, cancelaciones y reembolsos. Importes en dólares (US$).',
      panels: [
        ...[
          ['web', 'Reservas web por día', '#2F80ED', 1],
          ['corporate', 'Reservas de agentes corporativos por día', '#9B51E0', 17],
          ['api', 'Reservas por la API por día', '#F2994A', 33],
        ].map(([channel, name, color, x], i) => ({
          id: panelId('ventas', 1 + i), name, icon: 'show_chart', type: 'time-series', ...at(x, 1, 16, 12),
          note: `Reservas creadas cada día (últimos 30 días), canal ${channel === 'web' ? 'web' : channel === 'corporate' ? 'agente corporativo' : 'API'}.`,
          requires: ['reservations.channel'],
          options: {
            collection: 'reservations', dateField: 'date_created', valueField: 'id', function: 'count', precision: 'day', range: '1 month',
            filter: CHANNEL_FILTERS[channel], color, decimals: 0, missingData: 'zero', fillType: 'gradient', curveType: 'smooth',
          },
        })),
        {
          id: panelId('ventas', 4), name: 'Ingresos de reservas pagadas', icon: 'payments', type: 'metric', ...at(1, 13, 16, 6),
          note: 'Suma del total de las reservas pagadas creadas en los últimos 30 días, en dólares (US$).',
          requires: ['reservations.total_usd'],
          options: { collection: 'reservations', field: 'total_usd', function: 'sum', filter: { _and: [{ status: { _eq: 'paid' } }, LAST_30_DAYS] }, ...DOLLARS },
        },
        {
          id: panelId('ventas', 5), name: 'Días de alquiler promedio', icon: 'date_range', type: 'metric', ...at(17, 13, 16, 6),
          note: 'Días promedio de las reservas no canceladas creadas en los últimos 30 días.',
          options: { collection: 'reservations', field: 'days', function: 'avg', filter: { _and: [NOT_CANCELLED, LAST_30_DAYS] }, minimumFractionDigits: 1, maximumFractionDigits: 1 },
        },
        {
          id: panelId('ventas', 6), name: 'Reservas con cupón', icon: 'confirmation_number', type: 'metric', ...at(33, 13, 16, 6),
          note: 'Reservas no canceladas con un cupón, creadas en los últimos 30 días.',
          options: { collection: 'reservations', field: 'id', function: 'count', filter: { _and: [NOT_CANCELLED, LAST_30_DAYS, isSet('coupon')] } },
        },
        {
          id: panelId('ventas', 7), name: 'Cupones usados', icon: 'bar_chart', type: 'bar-chart', ...at(1, 19, 24, 14),
          note: 'Reservas no canceladas de los últimos 30 días por cupón.',
          options: {
            collection: 'reservations', xAxis: 'coupon', xAxisDisplayField: 'code', yAxis: 'id', function: 'count',
            filter: { _and: [NOT_CANCELLED, LAST_30_DAYS, isSet('coupon')] }, decimals: 0, color: '#F2C94C', showAxisLabels: 'both', showDataLabel: true,
          },
        },
        {
          id: panelId('ventas', 8), name: 'Pago en línea o en el mostrador', icon: 'pie_chart', type: 'pie-chart', ...at(25, 19, 24, 14),
          note: 'Reservas no canceladas de los últimos 30 días: prepaid = pagada en línea, postpaid = se paga al recoger.',
          options: { collection: 'reservations', column: 'reservation_type', function: 'count', filter: { _and: [NOT_CANCELLED, LAST_30_DAYS] }, donut: true, showLabels: true, legend: 'right', decimals: 0 },
        },
        {
          id: panelId('ventas', 9), name: 'Cancelaciones', icon: 'event_busy', type: 'metric', ...at(1, 33, 16, 6),
          note: 'Reservas canceladas en los últimos 30 días.',
          options: { collection: 'reservations', field: 'id', function: 'count', filter: { _and: [{ status: { _eq: 'cancelled' } }, { cancelled_at: { _gte: '$NOW(-30 days)' } }] } },
        },
        {
          id: panelId('ventas', 10), name: 'Reembolsos', icon: 'currency_exchange', type: 'metric', ...at(17, 33, 16, 6),
          note: 'Reembolsos hechos en los últimos 30 días.',
          options: { collection: 'payments', field: 'id', function: 'count', filter: { _and: [{ kind: { _eq: 'refund' } }, { status: { _eq: 'succeeded' } }, LAST_30_DAYS] } },
        },
        {
          id: panelId('ventas', 11), name: 'Importe reembolsado', icon: 'money_off', type: 'metric', ...at(33, 33, 16, 6),
          note: 'Suma de los reembolsos hechos en los últimos 30 días, en dólares (US$).',
          requires: ['payments.amount_usd'],
          options: { collection: 'payments', field: 'amount_usd', function: 'sum', filter: { _and: [{ kind: { _eq: 'refund' } }, { status: { _eq: 'succeeded' } }, LAST_30_DAYS] }, ...DOLLARS },
        },
      ],
    },
    {
      id: dashboardIds.flota, name: 'Flota', icon: 'directions_car', color: '#9B51E0',
      note: 'El uso de la flota en los próximos 30 días: las unidades ocupadas en algún momento de ese plazo (reservas no canceladas aún sin recoger cuyo alquiler cae en él, y todos los coches fuera ahora, atrasados incluidos), por clase de coche y por sucursal de recogida, frente a las unidades de la flota; y los coches con servicio próximo o fuera de servicio.',
      panels: [
        {
          id: panelId('flota', 1), name: 'Unidades ocupadas (próximos 30 días)', icon: 'car_rental', type: 'metric', ...at(1, 1, 16, 6),
          note: 'Reservas no canceladas aún sin recoger cuyo alquiler cae, aunque sea en parte, en los próximos 30 días, más los coches entregados que aún no han vuelto (un atrasado sigue ocupando su unidad). Un coche devuelto o un no presentado no ocupa ninguna.',
          requires: ['reservations.rental_status'],
          options: { collection: 'reservations', field: 'id', function: 'count', filter: takenNext30Days },
        },
        {
          id: panelId('flota', 2), name: 'Unidades en la flota', icon: 'inventory_2', type: 'metric', ...at(17, 1, 16, 6),
          note: 'Los coches de la flota (Vehicles), uno por placa, en todas las sucursales y en cualquier estado.',
          requires: ['vehicles.plate'],
          options: { collection: 'vehicles', field: 'id', function: 'count' },
        },
        {
          id: panelId('flota', 3), name: 'Ocupadas por clase de coche', icon: 'bar_chart', type: 'bar-chart', ...at(1, 7, 24, 16),
          note: 'Las unidades ocupadas en los próximos 30 días (como en "Unidades ocupadas") por coche (clase ACRISS).',
          requires: ['reservations.rental_status'],
          options: {
            collection: 'reservations', xAxis: 'car', xAxisDisplayField: 'clasificacion', yAxis: 'id', function: 'count',
            filter: takenNext30Days, decimals: 0, color: '#9B51E0', showAxisLabels: 'both', showDataLabel: true,
          },
        },
        {
          id: panelId('flota', 4), name: 'Ocupadas por sucursal', icon: 'bar_chart', type: 'bar-chart', ...at(25, 7, 24, 16),
          note: 'Las unidades ocupadas en los próximos 30 días por sucursal de recogida (la que aporta la unidad).',
          requires: ['reservations.rental_status'],
          options: {
            collection: 'reservations', xAxis: 'pickup_branch', xAxisDisplayField: 'code', yAxis: 'id', function: 'count',
            filter: takenNext30Days, decimals: 0, color: '#2F80ED', showAxisLabels: 'both', showDataLabel: true,
          },
        },
        {
          id: panelId('flota', 5), name: 'Servicios en los próximos 14 días', icon: 'build', type: 'list', ...at(1, 23, 24, 14),
          note: 'Coches cuya fecha de servicio llega en 14 días o ya pasó: no se ofrecen para alquileres que la alcancen hasta que se les haga el servicio y se mueva la fecha. (Los que pasaron su kilometraje de servicio los marca el tablero de flota del mostrador.)',
          requires: ['vehicles.next_service_date'],
          options: {
            collection: 'vehicles', limit: 50, sortField: 'next_service_date', sortDirection: 'asc', linkToItem: true,
            displayTemplate: '{{plate}} · {{car.marca}} {{car.modelo}} · {{current_branch.code}} · {{next_service_date}}',
            filter: { next_service_date: { _lte: '$NOW(+14 days)' } },
          },
        },
        {
          id: panelId('flota', 6), name: 'Fuera de servicio y en taller', icon: 'car_crash', type: 'list', ...at(25, 23, 24, 14),
          note: 'Coches en mantenimiento o fuera de servicio: no se ofrecen para ningún alquiler hasta que vuelvan a estar listos (o hasta su fecha "disponible desde").',
          requires: ['vehicles.status'],
          options: {
            collection: 'vehicles', limit: 50, sortField: 'status_changed_at', sortDirection: 'asc', linkToItem: true,
            displayTemplate: '{{plate}} · {{car.marca}} {{car.modelo}} · {{current_branch.code}} · {{status}} · {{status_note}}',
            filter: { status: { _in: ['in_maintenance', 'out_of_service'] } },
          },
        },
      ],
    },
  ];
}
