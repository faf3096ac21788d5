import { screen } from '@testing-library/react';
import { renderWithProviders } from '@store/testing';
import { RemoteView } from './RemoteView';
import { RemoteLoadError } from './remoteLoadError';

// The view the remote "loaded": one that throws while rendering, or one whose remote could not load.
let failure: 'render' | 'load' = 'render';
jest.mock('./loadRemoteView', () => ({
  ...jest.requireActual('./loadRemoteView'),
  getRemoteView: () =>
    function CatalogHome() {
      if (failure === 'load') throw new RemoteLoadError('catalog', new Error('manifest 404'));
      throw new Error('the new grid broke');
    },
}));
const reportRenderError = jest.fn();
jest.mock('./remoteModules', () => ({ reportRenderError: (remote: string) => reportRenderError(remote) }));

beforeEach(() => {
  reportRenderError.mockClear();
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

describe('RemoteView', () => {
  it('reports a view that throws while rendering against its remote', async () => {
    failure = 'render';
    renderWithProviders(<RemoteView remote="catalog" view="Home" />);
    await screen.findByRole('heading');
    expect(reportRenderError).toHaveBeenCalledWith('catalog');
  });

  it('leaves a remote that could not load to the runtime plugin (no render report)', async () => {
    failure = 'load';
    renderWithProviders(<RemoteView remote="catalog" view="Home" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The product catalog is unavailable right now');
    expect(reportRenderError).not.toHaveBeenCalled();
  });
});
