import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CounterFleet, CounterFleetUnit } from '@/content';
import { catalogues, renderInLanguage } from '../../../../test/render-in-language';
import type { VehicleStatusResult } from '../fleet-actions';
import type { VehicleStatusFormValues } from '../fleet-form';
import { FleetBoard } from './fleet-board';
import type * as Navigation from 'next/navigation';

const refresh = vi.fn();
vi.mock('next/navigation', async (importOriginal) => ({ ...(await importOriginal<typeof Navigation>()), useRouter: () => ({ refresh }) }));

function unit(plate: string, state: CounterFleetUnit['state'], fields: Partial<CounterFleetUnit> = {}): CounterFleetUnit {
  return {
    plate,
    colour: 'Blanco',
    bay: 'A07',
    car: { id: 1, name: 'Kia Picanto', class: 'MCMR' },
    year: 2023,
    state,
    status: state === 'on_rent' || state === 'arriving' ? 'ready' : state,
    statusNote: null,
    statusChangedAt: null,
    availableFrom: null,
    mileage: 12_345,
    fuelEighths: 6,
    nextServiceKm: null,
    nextServiceDate: null,
    serviceDue: false,
    rental: null,
    nextBooking: null,
    ...fields,
  };
}

const fleet: CounterFleet = {
  branch: 7,
  mayAct: true,
  counts: { ready: 2, needs_cleaning: 1, in_maintenance: 1, out_of_service: 0, on_rent: 1, arriving: 1 },
  vehicles: [
    unit('AB1234', 'ready', { nextBooking: { number: 'FF-7K3M9Q', pickupAt: '2030-03-02T10:00' } }),
    unit('CD5678', 'ready', { car: { id: 2, name: 'Toyota Yaris', class: 'CDAR' }, serviceDue: true }),
    unit('EF9012', 'needs_cleaning'),
    unit('GH3456', 'in_maintenance', { statusNote: 'Frenos', availableFrom: '2030-03-05T08:00' }),
    unit('JK7890', 'on_rent', { car: { id: 2, name: 'Toyota Yaris', class: 'CDAR' }, rental: { number: 'FF-LATE01', expectedReturn: '2030-03-01T09:00', returnBranch: 7, late: true } }),
    unit('123456', 'arriving', { rental: { number: 'FF-ONEWAY', expectedReturn: '2030-03-03T18:00', returnBranch: 7, late: false } }),
  ],
};

describe.each(['es', 'en'] as const)('the fleet board, in %s', (language) => {
  const text = catalogues[language].counterFleet;
  const sectionTitle = (state: keyof typeof text.states, count: number) => text.section.replace('{state}', text.states[state]).replace('{count}', String(count));
  const openLabel = (plate: string) => text.form.open.replace('{plate}', plate);
  const action = vi.fn<(plate: string, values: VehicleStatusFormValues) => Promise<VehicleStatusResult>>();

  beforeEach(() => {
    action.mockReset();
    refresh.mockReset();
  });

  const render = (board: CounterFleet = fleet, className?: string) =>
    renderInLanguage(language, <FleetBoard locale={language} fleet={board} branchName="Tocumen" branches={[{ id: 7, name: 'Tocumen' }, { id: 8, name: 'David' }]} className={className} action={action} />);

  it('lists the units by state, in the board\'s order, each with its facts', () => {
    render();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(text.title.replace('{branch}', 'Tocumen'));
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.filter((heading) => heading !== text.filter.title && heading !== text.summary)).toEqual([
      sectionTitle('ready', 2),
      sectionTitle('needs_cleaning', 1),
      sectionTitle('in_maintenance', 1),
      sectionTitle('out_of_service', 0),
      sectionTitle('on_rent', 1),
      sectionTitle('arriving', 1),
    ]);
    const ready = screen.getByRole('region', { name: sectionTitle('ready', 2) });
    expect(within(ready).getAllByRole('listitem').map((item) => item.getAttribute('data-plate'))).toEqual(['AB1234', 'CD5678']);
    const first = within(ready).getAllByRole('listitem')[0] as HTMLElement;
    expect(within(first).getByRole('heading', { level: 3 })).toHaveTextContent('AB-1234 · Kia Picanto (MCMR)');
    expect(first).toHaveTextContent('A07');
    expect(first).toHaveTextContent('6/8');
    expect(first.querySelector('[data-fact=mileage]')?.textContent).toMatch(/^12[.,]345 km$/);
    expect(within(first).getByRole('link', { name: 'FF-7K3M9Q' })).toBeInTheDocument();
    expect(within(ready).getAllByRole('listitem')[1]).toHaveTextContent(text.unit.serviceDue);
    expect(within(screen.getByRole('region', { name: sectionTitle('out_of_service', 0) })).getByText(text.empty)).toBeInTheDocument();
    const onRent = within(screen.getByRole('region', { name: sectionTitle('on_rent', 1) })).getByRole('listitem');
    expect(onRent).toHaveTextContent(text.unit.late);
    expect(within(onRent).getByRole('link', { name: 'FF-LATE01' })).toBeInTheDocument();
    // Six-digit plates stay as they are; a unit out on rent or on its way has no action.
    expect(within(screen.getByRole('region', { name: sectionTitle('arriving', 1) })).getByRole('heading', { level: 3 })).toHaveTextContent('123456');
    expect(screen.queryByRole('button', { name: openLabel('JK-7890') })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: openLabel('AB-1234') })).toBeInTheDocument();
    expect(within(screen.getByTestId('fleet-counts')).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '#fleet-ready', '#fleet-needs_cleaning', '#fleet-in_maintenance', '#fleet-out_of_service', '#fleet-on_rent', '#fleet-arriving',
    ]);
  });

  it('filters by class with a plain form of the classes present', () => {
    render(fleet, 'CDAR');
    const filter = screen.getByTestId('fleet-filter');
    expect(filter).toHaveAttribute('method', 'get');
    const select = within(filter).getByLabelText(text.filter.class);
    expect(select).toHaveAttribute('name', 'clase');
    expect(select).toHaveValue('CDAR');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([text.filter.allClasses, 'CDAR', 'MCMR']);
    expect(within(filter).getByLabelText(text.filter.branch)).toHaveValue('7');
    expect(screen.getAllByTestId('fleet-unit').map((item) => item.getAttribute('data-plate'))).toEqual(['CD5678', 'JK7890']);
    expect(screen.getByRole('heading', { name: sectionTitle('ready', 1) })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: sectionTitle('needs_cleaning', 0) })).toBeInTheDocument();
  });

  it('offers no action on another branch\'s board, and says why', () => {
    render({ ...fleet, mayAct: false });
    expect(screen.getByText(text.readOnly)).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: new RegExp(openLabel('').trim()) })).toHaveLength(0);
  });

  it('asks from when a unit may be rented again only when it goes off the road, and sends the change', async () => {
    action.mockResolvedValue({ ok: true, moved: 2, needsVehicle: ['FF-AAAAAA'] });
    const { user } = render();
    const toggle = screen.getByRole('button', { name: openLabel('AB-1234') });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByRole('form', { name: text.form.title.replace('{plate}', 'AB-1234') });
    const status = within(form).getByLabelText(text.form.status);
    expect(status).toHaveFocus();
    expect(status).toHaveValue('ready');
    expect(within(form).queryByLabelText(text.form.availableFrom)).not.toBeInTheDocument();
    await user.selectOptions(status, 'needs_cleaning');
    expect(within(form).queryByLabelText(text.form.availableFrom)).not.toBeInTheDocument();
    await user.selectOptions(status, 'out_of_service');
    expect(within(form).getByLabelText(text.form.availableFrom)).toHaveAttribute('type', 'datetime-local');
    await user.selectOptions(status, 'in_maintenance');
    const from = within(form).getByLabelText(text.form.availableFrom);
    await user.type(within(form).getByLabelText(text.form.note), 'Cambio de aceite');
    await user.click(within(form).getByRole('button', { name: text.form.submit }));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(action).toHaveBeenCalledWith('AB1234', { status: 'in_maintenance', note: 'Cambio de aceite', availableFrom: '' });
    expect(from).not.toBeInTheDocument();
    const said = screen.getByTestId('fleet-announcement');
    expect(said).toHaveAttribute('role', 'status');
    expect(said).toHaveTextContent(text.form.done.replace('{plate}', 'AB-1234').replace('{status}', text.form.statuses.in_maintenance));
    expect(said).toHaveTextContent('FF-AAAAAA');
    expect(screen.getByRole('button', { name: openLabel('AB-1234') })).toHaveFocus();
  });

  it('checks the note as typed and announces a refusal, keeping what was typed', async () => {
    action.mockResolvedValue({ ok: false, errors: {}, formError: { message: 'counterFleet.errors.vehicleOnRent' } });
    const { user } = render();
    await user.click(screen.getByRole('button', { name: openLabel('EF-9012') }));
    const form = screen.getByTestId('vehicle-status-form');
    const note = within(form).getByLabelText(text.form.note);
    await user.click(note);
    await user.paste('x'.repeat(2001));
    await user.click(within(form).getByRole('button', { name: text.form.submit }));
    expect(await within(form).findByText(text.errors.noteTooLong)).toHaveAttribute('role', 'alert');
    expect(action).not.toHaveBeenCalled();
    await user.clear(note);
    await user.type(note, 'Listo tras lavado');
    await user.selectOptions(within(form).getByLabelText(text.form.status), 'ready');
    await user.click(within(form).getByRole('button', { name: text.form.submit }));
    const alert = await within(form).findByText(text.errors.vehicleOnRent);
    expect(alert.closest('[role=alert]')).not.toBeNull();
    expect(note).toHaveValue('Listo tras lavado');
    expect(within(form).getByLabelText(text.form.status)).toHaveValue('ready');
    expect(refresh).not.toHaveBeenCalled();
    expect(screen.getByTestId('fleet-announcement')).toBeEmptyDOMElement();
  });

  it('shows a refused field under it', async () => {
    action.mockResolvedValue({ ok: false, errors: { availableFrom: { message: 'counterFleet.errors.availableFromInvalid' } } });
    const { user } = render();
    await user.click(screen.getByRole('button', { name: openLabel('GH-3456') }));
    const form = screen.getByTestId('vehicle-status-form');
    expect(within(form).getByLabelText(text.form.status)).toHaveValue('in_maintenance');
    await user.click(within(form).getByRole('button', { name: text.form.submit }));
    expect(await within(form).findByText(text.errors.availableFromInvalid)).toHaveAttribute('role', 'alert');
    expect(within(form).getByLabelText(text.form.availableFrom)).toHaveAttribute('aria-invalid', 'true');
  });
});
