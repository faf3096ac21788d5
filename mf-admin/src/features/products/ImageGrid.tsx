import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import styled, { css } from 'styled-components';
import { PRODUCT_IMAGE_MAX_BYTES, PRODUCT_IMAGE_MAX_COUNT } from '@store/contracts/product-images';
import { Badge, Button } from '@store/ui';

const Zone = styled.div<{ $over: boolean }>`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[6]} ${({ theme }) => theme.space[4]};
  border: 2px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.background};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  ${({ $over, theme }) =>
    $over &&
    css`
      border-color: ${theme.colors.focus};
      background: ${theme.colors.infoSurface};
    `}
  p {
    margin: 0;
  }
  strong {
    color: ${({ theme }) => theme.colors.text};
  }
`;
const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  opacity: 0;
  pointer-events: none;
`;

/** What the API accepts; the browser's own check is only a first answer (the API reads the bytes). */
export const ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const MB = PRODUCT_IMAGE_MAX_BYTES / (1024 * 1024);

/** Splits chosen files into those worth sending and a message for the others. */
export function checkFiles(files: File[], room: number): { accepted: File[]; problems: string[] } {
  const problems: string[] = [];
  const accepted: File[] = [];
  for (const file of files) {
    if (file.type && !ACCEPTED_TYPES.includes(file.type)) {
      problems.push(`${file.name} is not a PNG, JPEG or WebP image.`);
    } else if (file.size > PRODUCT_IMAGE_MAX_BYTES) {
      problems.push(`${file.name} is larger than ${MB} MB.`);
    } else if (accepted.length >= room) {
      problems.push(`${file.name} was left out: a product can have at most ${PRODUCT_IMAGE_MAX_COUNT} images.`);
    } else {
      accepted.push(file);
    }
  }
  return { accepted, problems };
}

/** Drop files here, or choose them with the button (keyboard and touch). */
export function DropZone({
  onFiles,
  disabled,
  busy,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  busy?: string;
}) {
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length) onFiles(files);
  };
  return (
    <Zone
      $over={over}
      onDragOver={(event) => {
        if (![...event.dataTransfer.types].includes('Files')) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="image-drop-zone"
    >
      <p>
        <strong>Drop images here</strong> or
      </p>
      <Button onClick={() => input.current?.click()} disabled={disabled} aria-describedby={`${id}-hint`}>
        {busy ?? 'Choose images'}
      </Button>
      <p id={`${id}-hint`}>
        PNG, JPEG or WebP, up to {MB} MB each, {PRODUCT_IMAGE_MAX_COUNT} per product. The first image is the cover.
      </p>
      <HiddenInput
        ref={input}
        type="file"
        accept={ACCEPTED_TYPES.join(',')}
        multiple
        tabIndex={-1}
        aria-label="Choose images"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </Zone>
  );
}

const Grid = styled.ol`
  list-style: none;
  margin: ${({ theme }) => theme.space[4]} 0 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 9.5rem), 1fr));
  gap: ${({ theme }) => theme.space[3]};
`;
const Tile = styled.li<{ $dragging: boolean; $target: boolean }>`
  position: relative;
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[2]};
  border: 1px solid ${({ theme, $target }) => ($target ? theme.colors.focus : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  opacity: ${({ $dragging }) => ($dragging ? 0.5 : 1)};
  cursor: grab;
  img {
    width: 100%;
    aspect-ratio: 1;
    object-fit: cover;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  > span {
    position: absolute;
    top: ${({ theme }) => theme.space[3]};
    left: ${({ theme }) => theme.space[3]};
  }
`;
const TileActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1]};
  button {
    flex: 1 1 auto;
    padding-inline: ${({ theme }) => theme.space[2]};
  }
`;

export interface GridImage {
  key: string;
  src: string;
  /** What a screen reader hears for this image ("Image 2 of 3"). */
  label: string;
}

/**
 * The images in order: drag one onto another to move it there, or use the arrow buttons (or the
 * left/right arrow keys on a focused tile); the first is the cover.
 */
export function ImageGrid({
  images,
  onMove,
  onRemove,
  disabled,
}: {
  images: GridImage[];
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  disabled?: boolean;
}) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  if (images.length === 0) return null;
  const keys = (index: number) => (event: KeyboardEvent) => {
    if (disabled || event.target !== event.currentTarget) return;
    if (event.key === 'ArrowLeft' && index > 0) onMove(index, index - 1);
    if (event.key === 'ArrowRight' && index < images.length - 1) onMove(index, index + 1);
  };
  return (
    <Grid aria-label="Product images, in order">
      {images.map((image, index) => (
        <Tile
          key={image.key}
          tabIndex={0}
          aria-label={`${image.label}${index === 0 ? ' (cover)' : ''}`}
          draggable={!disabled}
          $dragging={dragging === index}
          $target={target === index && dragging !== index}
          onKeyDown={keys(index)}
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', image.key);
            setDragging(index);
          }}
          onDragEnd={() => {
            setDragging(null);
            setTarget(null);
          }}
          onDragOver={(event) => {
            if (dragging === null) return;
            event.preventDefault();
            setTarget(index);
          }}
          onDrop={(event) => {
            if (dragging === null) return;
            event.preventDefault();
            event.stopPropagation();
            if (dragging !== index) onMove(dragging, index);
            setDragging(null);
            setTarget(null);
          }}
        >
          <img src={image.src} alt="" draggable={false} />
          {index === 0 && <Badge $tone="success">Cover</Badge>}
          <TileActions>
            <Button
              $size="sm"
              aria-label={`Move ${image.label} earlier`}
              disabled={disabled || index === 0}
              onClick={() => onMove(index, index - 1)}
            >
              ←
            </Button>
            <Button
              $size="sm"
              aria-label={`Move ${image.label} later`}
              disabled={disabled || index === images.length - 1}
              onClick={() => onMove(index, index + 1)}
            >
              →
            </Button>
            <Button
              $size="sm"
              $variant="danger"
              aria-label={`Remove ${image.label}`}
              disabled={disabled}
              onClick={() => onRemove(index)}
            >
              Remove
            </Button>
          </TileActions>
        </Tile>
      ))}
    </Grid>
  );
}

/** `list` with the item at `from` moved to `to`. */
export function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
