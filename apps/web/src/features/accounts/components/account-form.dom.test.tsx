import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MINIMUM_PASSWORD_LENGTH } from '@rentacar/domain/accounts';
import { catalogues, errorSummaryText, renderInLanguage, type Language } from '../../../../test/render-in-language';
import type { AccountFormResult } from '../account-actions';
import { AccountForm, type AccountField, type AccountFormKind } from './account-form';

type Values = Record<string, string>;

/** The forms as the account pages (account-pages.tsx) give them: labels, types and autofill from the catalogue. */
function formsIn(language: Language) {
  const accounts = catalogues[language].accounts;
  const login: AccountField[] = [
    { name: 'email', label: accounts.login.email, type: 'email', autoComplete: 'username' },
    { name: 'password', label: accounts.login.password, type: 'password', autoComplete: 'current-password' },
  ];
  const registration: AccountField[] = [
    { name: 'firstName', label: accounts.register.firstName, type: 'text', autoComplete: 'given-name' },
    { name: 'lastName', label: accounts.register.lastName, type: 'text', autoComplete: 'family-name' },
    { name: 'email', label: accounts.register.email, type: 'email', autoComplete: 'email' },
    { name: 'password', label: accounts.register.password, type: 'password', autoComplete: 'new-password', hint: accounts.register.passwordHint.replace('{minimum}', String(MINIMUM_PASSWORD_LENGTH)) },
    { name: 'passwordConfirmation', label: accounts.register.passwordConfirmation, type: 'password', autoComplete: 'new-password' },
  ];
  const passwordRequest: AccountField[] = [{ name: 'email', label: accounts.passwordRequest.email, type: 'email', autoComplete: 'email' }];
  const newPassword: AccountField[] = [
    { name: 'password', label: accounts.passwordReset.password, type: 'password', autoComplete: 'new-password' },
    { name: 'passwordConfirmation', label: accounts.passwordReset.passwordConfirmation, type: 'password', autoComplete: 'new-password' },
  ];
  return {
    login: { fields: login, title: accounts.login.title, submitLabel: accounts.login.submit, doneMessage: undefined },
    registration: { fields: registration, title: accounts.register.title, submitLabel: accounts.register.submit, doneMessage: accounts.register.done },
    passwordRequest: { fields: passwordRequest, title: accounts.passwordRequest.title, submitLabel: accounts.passwordRequest.submit, doneMessage: accounts.passwordRequest.done },
    newPassword: { fields: newPassword, title: accounts.passwordReset.title, submitLabel: accounts.passwordReset.submit, doneMessage: accounts.passwordReset.done },
  } satisfies Record<AccountFormKind, unknown>;
}

function renderForm(language: Language, kind: AccountFormKind, answer: AccountFormResult | Promise<AccountFormResult> = { ok: true }) {
  const action = vi.fn((_values: Values) => Promise.resolve(answer));
  const form = formsIn(language)[kind];
  const rendered = renderInLanguage(language, <AccountForm<Values> kind={kind} action={action} {...form} />);
  return { ...rendered, action };
}

/** "Please correct the # highlighted fields", for `count` above one. */
const GOOD_PASSWORD = 'una clave larga';

describe.each(['es', 'en'] as const)('the corporate account forms, in %s', (language) => {
  const messages = catalogues[language];
  const accounts = messages.accounts;
  const validation = messages.validation;
  const tooShort = validation.passwordTooShort.replace('{minimum}', String(MINIMUM_PASSWORD_LENGTH));

  it('registration: names every missing field under it, counts them above the form, focuses the first and sends nothing', async () => {
    const { user, action } = renderForm(language, 'registration');
    await user.click(screen.getByRole('button', { name: accounts.register.submit }));

    for (const label of [accounts.register.firstName, accounts.register.lastName, accounts.register.email]) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(validation.required);
      expect(screen.getByLabelText(label)).toBeInvalid();
    }
    // The password's hint stays beside its error.
    const password = screen.getByLabelText(accounts.register.password);
    expect(password).toHaveAccessibleDescription(`${accounts.register.passwordHint.replace('{minimum}', String(MINIMUM_PASSWORD_LENGTH))} ${validation.required}`);
    // An empty confirmation repeats an empty password: nothing to say about it until the password is there.
    expect(screen.getByLabelText(accounts.register.passwordConfirmation)).not.toBeInvalid();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(errorSummaryText(language, 4));
    expect(screen.getByLabelText(accounts.register.firstName)).toHaveFocus();
    expect(action).not.toHaveBeenCalled();
  });

  it('registration: labels each field, hides the passwords and asks the browser for the right autofill', () => {
    renderForm(language, 'registration');
    expect(screen.getByRole('form', { name: accounts.register.title })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: accounts.register.firstName })).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByRole('textbox', { name: accounts.register.lastName })).toHaveAttribute('autocomplete', 'family-name');
    expect(screen.getByRole('textbox', { name: accounts.register.email })).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByRole('textbox', { name: accounts.register.email })).toHaveAttribute('type', 'email');
    for (const label of [accounts.register.password, accounts.register.passwordConfirmation]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'password');
      expect(screen.getByLabelText(label)).toHaveAttribute('autocomplete', 'new-password');
    }
    expect(screen.getByLabelText(accounts.register.password)).toHaveAccessibleDescription(accounts.register.passwordHint.replace('{minimum}', String(MINIMUM_PASSWORD_LENGTH)));
  });

  it('registration: refuses a short password and a confirmation that differs, then sends the details and says what comes next', async () => {
    const { user, action } = renderForm(language, 'registration');
    await user.type(screen.getByLabelText(accounts.register.firstName), 'Ana');
    await user.type(screen.getByLabelText(accounts.register.lastName), 'Pérez');
    await user.type(screen.getByLabelText(accounts.register.email), 'ana@empresa.com');
    await user.type(screen.getByLabelText(accounts.register.password), 'corta');
    await user.type(screen.getByLabelText(accounts.register.passwordConfirmation), 'otra');
    await user.click(screen.getByRole('button', { name: accounts.register.submit }));

    const password = screen.getByLabelText(accounts.register.password);
    const confirmation = screen.getByLabelText(accounts.register.passwordConfirmation);
    expect(password).toHaveAccessibleDescription(expect.stringContaining(tooShort));
    expect(confirmation).toHaveAccessibleDescription(validation.passwordsDiffer);
    expect(password).toHaveFocus();
    expect(action).not.toHaveBeenCalled();

    await user.clear(password);
    await user.type(password, GOOD_PASSWORD);
    await user.clear(confirmation);
    await user.type(confirmation, GOOD_PASSWORD);
    await user.click(screen.getByRole('button', { name: accounts.register.submit }));

    expect(await screen.findByRole('status')).toHaveTextContent(accounts.register.done);
    expect(action).toHaveBeenCalledTimes(1);
    expect(action).toHaveBeenCalledWith({ firstName: 'Ana', lastName: 'Pérez', email: 'ana@empresa.com', password: GOOD_PASSWORD, passwordConfirmation: GOOD_PASSWORD });
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('registration: shows the server’s refusal under its field and above the form, keeping everything typed', async () => {
    const { user, action } = renderForm(language, 'registration', { ok: false, errors: { email: { message: 'validation.email' } }, formError: { message: 'accounts.register.closed' } });
    await user.type(screen.getByLabelText(accounts.register.firstName), 'Ana');
    await user.type(screen.getByLabelText(accounts.register.lastName), 'Pérez');
    await user.type(screen.getByLabelText(accounts.register.email), 'ana@empresa.com');
    await user.type(screen.getByLabelText(accounts.register.password), GOOD_PASSWORD);
    await user.type(screen.getByLabelText(accounts.register.passwordConfirmation), GOOD_PASSWORD);
    await user.click(screen.getByRole('button', { name: accounts.register.submit }));

    const email = screen.getByLabelText(accounts.register.email);
    await waitFor(() => expect(email).toHaveAccessibleDescription(validation.email));
    expect(email).toHaveFocus();
    expect(email).toBeInvalid();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(accounts.register.closed);
    expect(action).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByLabelText(accounts.register.firstName)).toHaveValue('Ana');
    expect(screen.getByLabelText(accounts.register.lastName)).toHaveValue('Pérez');
    expect(email).toHaveValue('ana@empresa.com');
    expect(screen.getByLabelText(accounts.register.password)).toHaveValue(GOOD_PASSWORD);
  });

  it('login: asks the browser for the account’s saved credentials and sends the email trimmed but the password as typed', async () => {
    const { user, action } = renderForm(language, 'login');
    const email = screen.getByRole('textbox', { name: accounts.login.email });
    const password = screen.getByLabelText(accounts.login.password);
    expect(email).toHaveAttribute('autocomplete', 'username');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveAttribute('type', 'password');

    await user.type(email, '  agente@empresa.com ');
    await user.type(password, ' secreto ');
    await user.click(screen.getByRole('button', { name: accounts.login.submit }));

    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(action).toHaveBeenCalledWith({ email: 'agente@empresa.com', password: ' secreto ' });
  });

  it('login: refuses an address that is not one, and says the server’s refusal above the form without losing what was typed', async () => {
    const { user, action } = renderForm(language, 'login', { ok: false, errors: {}, formError: { message: 'accounts.login.tooMany', params: { minutes: 15 } } });
    const email = screen.getByRole('textbox', { name: accounts.login.email });
    const password = screen.getByLabelText(accounts.login.password);
    await user.type(email, 'agente@');
    await user.click(screen.getByRole('button', { name: accounts.login.submit }));

    expect(email).toHaveAccessibleDescription(validation.email);
    expect(password).toHaveAccessibleDescription(validation.required);
    expect(email).toHaveFocus();
    expect(action).not.toHaveBeenCalled();

    await user.type(email, 'empresa.com');
    await user.type(password, 'secreto');
    await user.click(screen.getByRole('button', { name: accounts.login.submit }));

    const tooMany = language === 'es' ? 'Demasiados intentos fallidos. Intenta de nuevo en 15 minutos.' : 'Too many failed attempts. Try again in 15 minutes.';
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(tooMany));
    expect(email).not.toBeInvalid();
    expect(email).toHaveValue('agente@empresa.com');
    expect(password).toHaveValue('secreto');
  });

  it('password request: busy while the action runs, sent once, then says an email is on its way', async () => {
    let answer: (result: AccountFormResult) => void = () => undefined;
    const { user, action } = renderForm(language, 'passwordRequest', new Promise<AccountFormResult>((resolve) => (answer = resolve)));
    await user.type(screen.getByRole('textbox', { name: accounts.passwordRequest.email }), 'ana@empresa.com');
    const submit = screen.getByRole('button', { name: accounts.passwordRequest.submit });
    await user.click(submit);

    await waitFor(() => expect(submit).toBeDisabled());
    expect(submit).toHaveAttribute('aria-busy', 'true');
    await user.click(submit);
    expect(action).toHaveBeenCalledTimes(1);
    expect(action).toHaveBeenCalledWith({ email: 'ana@empresa.com' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    answer({ ok: true });
    expect(await screen.findByRole('status')).toHaveTextContent(accounts.passwordRequest.done);
    expect(screen.queryByRole('textbox', { name: accounts.passwordRequest.email })).not.toBeInTheDocument();
  });

  it('new password: refuses a short one, then shows the expired link above the form and keeps the form', async () => {
    const { user, action } = renderForm(language, 'newPassword', { ok: false, errors: {}, formError: { message: 'accounts.passwordReset.invalid' } });
    const password = screen.getByLabelText(accounts.passwordReset.password);
    const confirmation = screen.getByLabelText(accounts.passwordReset.passwordConfirmation);
    await user.type(password, 'corta');
    await user.type(confirmation, 'corta');
    await user.click(screen.getByRole('button', { name: accounts.passwordReset.submit }));

    expect(password).toHaveAccessibleDescription(tooShort);
    expect(confirmation).not.toBeInvalid();
    expect(password).toHaveFocus();
    expect(action).not.toHaveBeenCalled();

    await user.type(password, ' y larga');
    await user.type(confirmation, ' y larga');
    await user.click(screen.getByRole('button', { name: accounts.passwordReset.submit }));

    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(accounts.passwordReset.invalid));
    expect(action).toHaveBeenCalledWith({ password: 'corta y larga', passwordConfirmation: 'corta y larga' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(password).toHaveValue('corta y larga');
  });
});
