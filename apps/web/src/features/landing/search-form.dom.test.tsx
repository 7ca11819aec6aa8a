import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues, type Language } from '../../../test/render-in-language';
import { SearchForm } from './search-form';
import { SEARCH_FORM_LABELS, type SearchFormLabels } from './search-form-labels';

/** The labels as the landing page passes them: translated on the server, from the `landing` namespace. */
function labelsIn(language: Language): SearchFormLabels {
  const landing = catalogues[language].landing;
  return Object.fromEntries(SEARCH_FORM_LABELS.map((key) => [key, landing[key]])) as SearchFormLabels;
}

const branches = [
  { code: 'PTY', name: 'Aeropuerto de Tocumen' },
  { code: 'OBA', name: 'Obarrio' },
];

// Tuesday 22 December 2026, 22:00 in Panama: already Wednesday in UTC.
const NOW = new Date('2026-12-23T03:00:00Z');

describe.each(['es', 'en'] as const)('the landing search, in %s', (language) => {
  const labels = labelsIn(language);
  const action = language === 'es' ? '/flota' : '/en/fleet';

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('proposes tomorrow to three days later, in Panama’s calendar, and no earlier than today', () => {
    render(<SearchForm branches={branches} labels={labels} action={action} />);
    expect(screen.getByLabelText(labels.pickupDate)).toHaveValue('2026-12-23');
    expect(screen.getByLabelText(labels.returnDate)).toHaveValue('2026-12-26');
    expect(screen.getByLabelText(labels.pickupDate)).toHaveAttribute('min', '2026-12-22');
    expect(screen.getByLabelText(labels.pickupTime)).toHaveValue('10:00');
    expect(within(screen.getByLabelText(labels.pickupTime)).getAllByRole('option')).toHaveLength(48);
    expect(screen.getByText(labels.timezoneNote)).toBeInTheDocument();
  });

  it('asks for a pickup branch and returns there unless the renter unticks it, hiding the return menu meanwhile', async () => {
    const user = userEvent.setup();
    render(<SearchForm branches={branches} labels={labels} action={action} />);
    const pickup = screen.getByLabelText(labels.pickupBranch);
    expect(pickup).toBeRequired();
    expect(pickup).toHaveValue('');
    const sameBranch = screen.getByRole('checkbox', { name: labels.sameBranch });
    expect(sameBranch).toBeChecked();
    // Hidden by the stylesheet while ticked (jsdom has none): the rule is on the field, and the menu is disabled.
    expect(screen.getByTestId('return-branch-field')).toHaveClass('group-has-[#same-branch:checked]:hidden');
    const returnBranch = screen.getByLabelText(labels.returnBranch);
    expect(returnBranch).toBeDisabled();

    await user.click(sameBranch);
    expect(returnBranch).toBeEnabled();
    expect(returnBranch).toBeRequired();
  });

  it('sends the fleet its search in the URL, as a plain form that works before the scripts', async () => {
    const user = userEvent.setup();
    render(<SearchForm branches={branches} labels={labels} action={action} />);
    await user.selectOptions(screen.getByLabelText(labels.pickupBranch), 'Aeropuerto de Tocumen');
    await user.selectOptions(screen.getByLabelText(labels.returnTime), '14:30');

    const form = screen.getByRole('form', { name: labels.searchTitle });
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', action);
    expect(Object.fromEntries(new FormData(form as HTMLFormElement))).toEqual({
      pickup_branch: 'PTY',
      same_branch: '1',
      pickup_date: '2026-12-23',
      pickup_time: '10:00',
      return_date: '2026-12-26',
      return_time: '14:30',
    });

    await user.click(screen.getByRole('checkbox', { name: labels.sameBranch }));
    await user.selectOptions(screen.getByLabelText(labels.returnBranch), 'Obarrio');
    expect(new FormData(form as HTMLFormElement).get('return_branch')).toBe('OBA');
    expect(new FormData(form as HTMLFormElement).get('same_branch')).toBeNull();
  });

  it('asks the driver’s age once, the band without a fee chosen by default, and sends it with the search', async () => {
    const words = catalogues[language].fleetSearch;
    const options = [
      { value: '21', label: '21-22' },
      { value: '23', label: '23-24' },
      { value: '25', label: '25+' },
    ];
    const user = userEvent.setup();
    render(<SearchForm branches={branches} labels={labels} action={action} driverAge={{ label: words.driverAge, hint: words.driverAgeHint, options, defaultValue: '25' }} />);
    const age = screen.getByLabelText(words.driverAge);
    expect(age).toHaveValue('25');
    expect(age).toHaveAccessibleDescription(words.driverAgeHint);
    expect(within(age).getAllByRole('option').map((option) => option.textContent)).toEqual(['21-22', '23-24', '25+']);
    await user.selectOptions(age, '21-22');
    expect(new FormData(screen.getByRole<HTMLFormElement>('form', { name: labels.searchTitle })).get('driver_age')).toBe('21');
  });

  it('asks no age when the brand charges none by age', () => {
    render(<SearchForm branches={branches} labels={labels} action={action} driverAge={{ label: 'age', hint: '', options: [], defaultValue: '' }} />);
    expect(screen.queryByRole('combobox', { name: 'age' })).toBeNull();
  });
});
