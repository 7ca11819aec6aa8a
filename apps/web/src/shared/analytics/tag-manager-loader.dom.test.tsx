import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TagManagerLoader } from './tag-manager-loader';

afterEach(() => {
  document.getElementById('tag-manager')?.remove();
  delete window.dataLayer;
});

describe('the tag manager loader', () => {
  it('starts the container as its snippet does, with a script of the tag manager’s origin and no inline code', () => {
    const { unmount } = render(<TagManagerLoader containerId="GTM-ABC1234" />);
    const scripts = [...document.querySelectorAll('script')];
    expect(scripts).toHaveLength(1);
    expect(scripts[0]?.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-ABC1234');
    expect(scripts[0]?.async).toBe(true);
    expect(scripts[0]?.textContent).toBe('');
    expect(window.dataLayer).toEqual([{ 'gtm.start': expect.any(Number), event: 'gtm.js' }]);

    // Mounted again (a layout shown anew): the container is not loaded twice.
    unmount();
    render(<TagManagerLoader containerId="GTM-ABC1234" />);
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(window.dataLayer).toHaveLength(1);
  });
});
