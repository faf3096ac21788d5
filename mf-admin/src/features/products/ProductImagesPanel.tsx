import { useEffect, useMemo, useState } from 'react';
import { PRODUCT_IMAGE_MAX_COUNT } from '@store/contracts/product-images';
import { assetUrl, getErrorMessage } from '@store/http';
import { Banner, Panel, toast } from '@store/ui';
import { ConfirmDialog } from '../admin-ui/ConfirmDialog';

import { useProductImages, useRemoveImage, useReorderImages, useUploadImages } from './api';
import { checkFiles, DropZone, ImageGrid, moved } from './ImageGrid';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A saved product's images: uploaded, reordered and removed at once through the API. */
/** What was refused of the chosen files, one reason a line; nothing when all were taken. */
function Problems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null;
  return (
    <Banner tone="error">
      {problems.map((p) => (
        <span key={p} style={{ display: 'block' }}>
          {p}
        </span>
      ))}
    </Banner>
  );
}

export function ProductImagesPanel({ productId, productName }: { productId: number; productName: string }) {
  const images = useProductImages(productId);
  const upload = useUploadImages(productId);
  const reorder = useReorderImages(productId);
  const remove = useRemoveImage(productId);
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const list = images.data ?? [];

  const send = async (files: File[]) => {
    const { accepted, problems: refused } = checkFiles(files, PRODUCT_IMAGE_MAX_COUNT - list.length);
    setProblems(refused);
    if (accepted.length === 0) return;
    setProgress(0);
    try {
      await upload.mutateAsync({ files: accepted, onProgress: setProgress });
      toast.success(`${plural(accepted.length, 'image')} uploaded.`);
    } catch (error) {
      const message = getErrorMessage(error, 'The images could not be uploaded. Please try again.');
      setProblems((current) => [...current, message]);
      toast.error(message);
    } finally {
      setProgress(null);
    }
  };

  const move = async (from: number, to: number) => {
    const ids = moved(
      list.map((i) => i.id),
      from,
      to,
    );
    try {
      await reorder.mutateAsync(ids);
      toast.success(to === 0 ? 'Cover image changed.' : 'Image order saved.');
    } catch (error) {
      toast.error(getErrorMessage(error, 'The new order could not be saved.'));
    }
  };

  const confirmRemove = async () => {
    const image = removing === null ? undefined : list[removing];
    if (!image) return;
    try {
      await remove.mutateAsync(image.id);
      toast.success('Image removed.');
      setRemoving(null);
    } catch (error) {
      toast.error(getErrorMessage(error, 'The image could not be removed.'));
    }
  };

  return (
    <Panel aria-labelledby="product-images">
      <h2 id="product-images">Images</h2>
      {images.error ? (
        <Banner tone="error">{getErrorMessage(images.error, 'The images could not be loaded.')}</Banner>
      ) : null}
      <Problems problems={problems} />
      <DropZone
        onFiles={(files) => void send(files)}
        disabled={upload.isPending || list.length >= PRODUCT_IMAGE_MAX_COUNT}
        busy={progress === null ? undefined : `Uploading… ${Math.round(progress * 100)}%`}
      />
      <ImageGrid
        images={list.map((image, i) => ({
          key: String(image.id),
          src: assetUrl(image.small),
          label: `Image ${i + 1} of ${list.length} of ${productName}`,
        }))}
        disabled={reorder.isPending || remove.isPending}
        onMove={(from, to) => void move(from, to)}
        onRemove={setRemoving}
      />
      <ConfirmDialog
        open={removing !== null}
        title={`Remove image ${(removing ?? 0) + 1}?`}
        description="It is deleted from the store at once."
        confirmLabel="Remove"
        tone="danger"
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => void confirmRemove()}
      />
    </Panel>
  );
}

/** A new product's images, kept here until the product is created, then uploaded. */
export function QueuedImagesPanel({ files, onChange }: { files: File[]; onChange: (files: File[]) => void }) {
  const [problems, setProblems] = useState<string[]>([]);
  // Previews as data: URLs (the store's Content-Security-Policy allows data: images, not blob:).
  const [previews, setPreviews] = useState(() => new Map<File, string>());
  useEffect(() => {
    let live = true;
    for (const file of files) {
      if (previews.has(file)) continue;
      const reader = new FileReader();
      reader.onload = () => {
        if (live && typeof reader.result === 'string') {
          const url = reader.result;
          setPreviews((current) => new Map(current).set(file, url));
        }
      };
      reader.readAsDataURL(file);
    }
    return () => {
      live = false;
    };
  }, [files, previews]);
  const keys = useMemo(() => new Map(files.map((f, i) => [f, `${i}-${f.name}-${f.size}-${f.lastModified}`])), [files]);
  return (
    <Panel aria-labelledby="product-images">
      <h2 id="product-images">Images</h2>
      <Problems problems={problems} />
      <DropZone
        onFiles={(chosen) => {
          const { accepted, problems: refused } = checkFiles(chosen, PRODUCT_IMAGE_MAX_COUNT - files.length);
          setProblems(refused);
          if (accepted.length) onChange([...files, ...accepted]);
        }}
        disabled={files.length >= PRODUCT_IMAGE_MAX_COUNT}
      />
      {files.length > 0 && <p>{plural(files.length, 'image')} will be uploaded when the product is created.</p>}
      <ImageGrid
        images={files.map((file) => ({
          key: keys.get(file) ?? file.name,
          src: previews.get(file) ?? '',
          label: file.name,
        }))}
        onMove={(from, to) => onChange(moved(files, from, to))}
        onRemove={(index) => onChange(files.filter((_, i) => i !== index))}
      />
    </Panel>
  );
}
