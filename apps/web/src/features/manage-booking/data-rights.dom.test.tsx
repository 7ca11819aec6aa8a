import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues, renderInLanguage } from '../../../test/render-in-language';
import { askForErasure, sendMyDataCopy } from './data-rights-actions';
import { DataRights } from './data-rights';

vi.mock('./data-rights-actions', () => ({ sendMyDataCopy: vi.fn(), askForErasure: vi.fn() }));
const copyMock = vi.mocked(sendMyDataCopy);
const erasureMock = vi.mocked(askForErasure);

describe.each(['es', 'en'] as const)('manage booking’s data rights, in %s', (language) => {
  const messages = catalogues[language];
  const text = messages.booking.manage.dataRights;

  beforeEach(() => {
    copyMock.mockReset();
    erasureMock.mockReset();
  });

  it('asks for a copy of the data in the page\'s language and says where it went', async () => {
    copyMock.mockResolvedValue({ ok: true });
    const { user } = renderInLanguage(language, <DataRights locale={language} />);
    expect(screen.getByRole('heading', { name: text.title })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: text.copy }));
    expect(await screen.findByRole('status')).toHaveTextContent(text.copySent);
    expect(copyMock).toHaveBeenCalledWith(language);
    expect(erasureMock).not.toHaveBeenCalled();
  });

  it('asks once more, with what erasure keeps, before recording an erasure request', async () => {
    erasureMock.mockResolvedValue({ ok: true });
    const { user } = renderInLanguage(language, <DataRights locale={language} />);
    await user.click(screen.getByRole('button', { name: text.erasure }));
    expect(erasureMock).not.toHaveBeenCalled();
    expect(screen.getByText(text.erasureWarning)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: text.erasureConfirm }));
    expect(await screen.findByRole('status')).toHaveTextContent(text.erasureRequested);
    expect(erasureMock).toHaveBeenCalledWith(language);
    expect(screen.getByRole('button', { name: text.erasure })).toBeDisabled();
  });

  it('says why a request was refused', async () => {
    copyMock.mockResolvedValue({ ok: false, errors: {}, formError: { message: 'booking.errors.rateLimited', params: { seconds: 42 } } });
    const { user } = renderInLanguage(language, <DataRights locale={language} />);
    await user.click(screen.getByRole('button', { name: text.copy }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(messages.booking.errors.rateLimited.replace('{seconds}', '42')));
    expect(screen.queryByText(text.copySent)).not.toBeInTheDocument();
  });
});
