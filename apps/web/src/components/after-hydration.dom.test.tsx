import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { afterHydration } from './after-hydration';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A loader the test answers when it chooses, as the network answers a chunk request. */
function controlledLoader() {
  let answer: (component: typeof Greeting) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const promise = new Promise<typeof Greeting>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return {
    load: () => promise,
    /** Answers, and waits until the component has seen the answer. */
    answer: async (component: typeof Greeting) => {
      answer(component);
      await promise;
    },
    fail: async (error: Error) => {
      fail(error);
      await promise.catch(() => undefined);
    },
  };
}

describe('a component loaded after hydration', () => {
  it('renders nothing until its code has arrived, then renders it with the props it was given', async () => {
    const loader = controlledLoader();
    const Deferred = afterHydration(loader.load);
    const view = render(<Deferred name="Ana" />);
    expect(view.container).toBeEmptyDOMElement();

    await act(() => loader.answer(Greeting));
    expect(screen.getByText('Hello Ana')).toBeInTheDocument();

    view.rerender(<Deferred name="Luis" />);
    expect(screen.getByText('Hello Luis')).toBeInTheDocument();
  });

  it('leaves the page as it is when its code fails to load', async () => {
    const loader = controlledLoader();
    const Deferred = afterHydration(loader.load);
    const view = render(
      <>
        <p>The page</p>
        <Deferred name="Ana" />
      </>,
    );
    await act(() => loader.fail(new Error('Loading chunk 123 failed')));
    expect(screen.getByText('The page')).toBeInTheDocument();
    expect(screen.queryByText(/Hello/)).not.toBeInTheDocument();
    view.unmount();
  });
});
