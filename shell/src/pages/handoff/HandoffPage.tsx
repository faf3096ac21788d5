import { useEffect, useRef } from 'react';
import { Navigate, useParams } from '@store/router';
import { getErrorMessage } from '@store/http';
import { RequireSignIn } from '@store/shopper';
import { EmptyState, useDocumentTitle } from '@store/ui';
import { LoadingPage } from '../loading/LoadingPage';
import { useRedeemHandoff } from './api/redeem-handoff';

/** Redeems once the visitor is signed in, then goes to the cart. */
function Redeem({ id }: { id: string }) {
  const redeem = useRedeemHandoff();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    redeem.mutate(id);
  }, [id, redeem]);
  if (redeem.isSuccess) return <Navigate to="/cart" replace />;
  if (redeem.isError) {
    return (
      <EmptyState
        title="This item could not be added to your cart"
        description={getErrorMessage(redeem.error)}
        link={{ label: 'Continue shopping', to: '/', primary: true }}
      />
    );
  }
  return <LoadingPage />;
}

/**
 * /handoff/{id}: where an integrator's "Add to cart" lands. Signed out, the sign-in dialog opens and
 * brings the visitor back here (RequireSignIn keeps the page); then the item goes into the cart.
 */
export function HandoffPage() {
  useDocumentTitle('Adding to your cart');
  const { id = '' } = useParams();
  return (
    <RequireSignIn title="Sign in to add this item to your cart">
      <Redeem id={id} />
    </RequireSignIn>
  );
}
