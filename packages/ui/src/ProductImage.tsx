import styled from 'styled-components';

const Frame = styled.span<{ $ratio: string }>`
  display: block;
  position: relative;
  aspect-ratio: ${({ $ratio }) => $ratio};
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

/** A lazily loaded image in a fixed-ratio box, so nothing shifts while it loads. */
export function ProductImage({
  src,
  alt,
  ratio = '4 / 5',
  eager = false,
  srcSet,
  sizes,
  className,
}: {
  src: string;
  /** Other widths of the same picture (`url 400w, url 1200w`), with `sizes` saying how wide it shows. */
  srcSet?: string;
  sizes?: string;
  alt: string;
  ratio?: string;
  /** Above-the-fold images (the largest paint) load eagerly with high priority. */
  eager?: boolean;
  className?: string;
}) {
  return (
    <Frame $ratio={ratio} className={className}>
      <img
        src={src}
        srcSet={srcSet}
        sizes={srcSet ? sizes : undefined}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        {...(eager ? { fetchPriority: 'high' as const } : {})}
      />
    </Frame>
  );
}
