import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams } from '@store/router';
import type { AdminProduct } from '@store/contracts';
import { getErrorMessage, getStatus } from '@store/http';
import { Button, EmptyState, toast } from '@store/ui';
import { useLeaveGuard } from '../admin-auth/leaving';
import { ConfirmDialog } from '../admin-ui/ConfirmDialog';
import { ListState } from '../admin-ui/ListState';
import { PageHeader } from '../admin-ui/Page';
import { uploadImages, useAdminAttributes, useAdminCategories, useAdminProduct } from './api';
import { ProductForm } from './ProductForm';
import { ProductImagesPanel, QueuedImagesPanel } from './ProductImagesPanel';

const LIST = '/admin/products';

/** `/admin/products/add-product` and `/admin/products/edit-product/{productId}`. */
export function ProductEditorPage({ mode }: { mode: 'add' | 'edit' }) {
  const { productId } = useParams();
  const id = mode === 'edit' ? Number(productId) : undefined;
  const navigate = useNavigate();
  const product = useAdminProduct(id ?? 0);
  const categories = useAdminCategories();
  const attributes = useAdminAttributes();
  const [dirty, setDirty] = useState(false);
  const [queued, setQueued] = useState<File[]>([]);
  const guard = useLeaveGuard(dirty);
  const onDirtyChange = useCallback((d: boolean) => setDirty(d), []);

  const saved = async (p: AdminProduct) => {
    setDirty(false);
    if (mode === 'add') {
      if (queued.length) {
        try {
          await uploadImages(p.id, queued);
          toast.success(`${queued.length === 1 ? 'Its image was' : `Its ${queued.length} images were`} uploaded.`);
        } catch (error) {
          toast.error(
            getErrorMessage(error, 'The product was created, but its images were not uploaded: add them again.'),
          );
        }
        setQueued([]);
      }
      navigate(`/admin/products/edit-product/${p.id}`, { replace: true });
    }
  };

  const invalidId = mode === 'edit' && !(Number.isInteger(id) && (id ?? 0) > 0);
  if (invalidId || (mode === 'edit' && getStatus(product.error) === 404)) {
    return (
      <EmptyState
        title="Product not found"
        description="It may have been deleted."
        link={{ to: LIST, label: 'Back to products' }}
      />
    );
  }

  const loading = categories.isPending || attributes.isPending || (mode === 'edit' && product.isPending);
  const error = categories.error ?? attributes.error ?? (mode === 'edit' ? product.error : null);
  const current = mode === 'edit' ? product.data : undefined;

  return (
    <>
      <PageHeader
        title={mode === 'add' ? 'Add product' : current ? `Edit ${current.name}` : 'Edit product'}
        back={{ to: LIST, label: 'Products' }}
        actions={
          current && (
            <Button as={Link} to={`/admin/products/view-product/${current.id}`}>
              View
            </Button>
          )
        }
      />
      <ListState
        isPending={loading}
        error={error}
        isEmpty={false}
        what="product"
        empty={{ title: '' }}
        onRetry={() => {
          void categories.refetch();
          void attributes.refetch();
          if (mode === 'edit') void product.refetch();
        }}
      >
        {categories.data && attributes.data && (mode === 'add' || current) && (
          <ProductForm
            key={current?.id ?? 'new'}
            product={current}
            categories={categories.data}
            attributes={attributes.data}
            onSaved={saved}
            extraChanges={queued.length > 0}
            onDirtyChange={onDirtyChange}
            onCancel={() => guard.leave(current ? `/admin/products/view-product/${current.id}` : LIST)}
            images={
              current ? (
                <ProductImagesPanel productId={current.id} productName={current.name} />
              ) : (
                <QueuedImagesPanel files={queued} onChange={setQueued} />
              )
            }
          />
        )}
      </ListState>
      <ConfirmDialog
        open={guard.asking}
        title="Leave without saving?"
        description="Your changes to this product are not saved yet and will be lost."
        confirmLabel="Leave without saving"
        cancelLabel="Stay"
        tone="danger"
        onCancel={guard.stay}
        onConfirm={guard.confirmLeave}
      />
    </>
  );
}
