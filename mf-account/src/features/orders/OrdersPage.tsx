import { Link } from '@store/router';
import { Button, EmptyState } from '@store/ui';

/** SPEC.md: /orders is placeholder text only (orders come with the checkout issue). */
export default function OrdersPage() {
  return (
    <div data-boundary="mf-account">
      <EmptyState
        title="Orders"
        description="Your order history is coming soon."
        action={
          <Button as={Link} to="/products">
            Continue shopping
          </Button>
        }
      />
    </div>
  );
}
