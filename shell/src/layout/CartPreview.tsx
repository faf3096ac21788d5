import { Component, lazy, Suspense, type ReactNode } from 'react';
import styled from 'styled-components';
import { Spinner } from '@store/ui';

// The cart team's preview, through federation, fetched the first time someone hovers Cart: it is not
// part of the first paint (and neither is the federation loader it goes through).
const MiniCart = lazy(async () => (await import('../app/remotes/loadRemoteView')).loadMiniCart());

const Panel = styled.div`
  position: absolute;
  top: calc(100% + 4px);
  right: 0;
  z-index: 50;
`;

/** A preview is a nicety: if the cart remote cannot be loaded, there is simply none. */
class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function CartPreview({ onNavigate }: { onNavigate: () => void }) {
  return (
    <Panel data-boundary="shell" data-cart-preview="">
      <QuietBoundary>
        <Suspense fallback={<Spinner label="Loading the cart preview" />}>
          <MiniCart onNavigate={onNavigate} />
        </Suspense>
      </QuietBoundary>
    </Panel>
  );
}
