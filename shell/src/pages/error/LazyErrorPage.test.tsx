import { render, screen } from '@testing-library/react';
import { errorCopy } from './errorTypes';

describe('LazyErrorPage', () => {
  afterEach(() => {
    jest.resetModules();
    jest.dontMock('./ErrorPage');
  });

  it("shows the network copy and a reload when the error page's own chunk cannot be fetched", async () => {
    jest.doMock('./ErrorPage', () => {
      throw new Error('Loading chunk shell_src_pages_error_ErrorPage failed.');
    });
    const { LazyErrorPage } = (await import('./LazyErrorPage')) as typeof import('./LazyErrorPage');
    const { UiProvider } = (await import('@store/ui')) as typeof import('@store/ui');
    render(
      <UiProvider>
        <LazyErrorPage type="server" />
      </UiProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: errorCopy.network.title })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(errorCopy.network.description);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
