import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('the button primitive', () => {
  it('is disabled in the server’s HTML, so a click before the script runs is not lost, and works once hydrated', async () => {
    const onClick = vi.fn();
    const ui = <Button onClick={onClick}>Pagar</Button>;
    const container = document.createElement('div');
    container.innerHTML = renderToString(ui);
    expect(container.querySelector('button')).toBeDisabled();

    document.body.append(container);
    render(ui, { container, hydrate: true });
    const button = screen.getByRole('button', { name: 'Pagar' });
    expect(button).toBeEnabled();
    await userEvent.setup().click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is busy and disabled while pending, and a plain button unless told to submit', () => {
    render(
      <>
        <Button pending>Guardando…</Button>
        <Button variant="secondary">Volver</Button>
      </>,
    );
    const busy = screen.getByRole('button', { name: 'Guardando…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Volver' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Volver' })).toBeEnabled();
  });
});
