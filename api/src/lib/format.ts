import { centsToDecimal } from '@store/contracts';

export const money = (cents: number | null | undefined) => centsToDecimal(cents ?? 0);
export const iso = (date: Date | string | null | undefined) =>
  date ? (date instanceof Date ? date : new Date(date)).toISOString() : '';
export const productImage = (id: number, n = 1) => `/api/media/products/${id}/${n}.svg`;
/** An uploaded image's two WebP sizes (file names carry the image id and a hash of its bytes). */
export const PHOTO_WIDTHS = [400, 1200] as const;
export const photoUrl = (productId: number, stem: string, width: number) =>
  `/api/media/uploads/products/${productId}/${stem}-${width}.webp`;
export const photoOf = (productId: number, stem: string) => ({
  id: Number.parseInt(stem, 10),
  small: photoUrl(productId, stem, 400),
  large: photoUrl(productId, stem, 1200),
});
/** The picture a product is shown with: its first upload (400 px), else its generated art. */
export const coverImage = (p: { id: number; coverImage: string | null }) =>
  p.coverImage ? photoUrl(p.id, p.coverImage, 400) : productImage(p.id, 1);
export const categoryImage = (id: number) => `/api/media/categories/${id}.svg`;

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function pageMeta(page: number, pageSize: number, total: number) {
  return { page, page_size: pageSize, total, total_pages: Math.max(1, Math.ceil(total / pageSize)) };
}

/** Postgres unique violation (both drivers expose the SQLSTATE as `code`, sometimes on `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * The unique index a unique violation hit (node-postgres and PGlite both report it as `constraint`),
 * so one insert guarded by two indexes can tell the e-mail from the username.
 */
export function violatedConstraint(error: unknown): string | undefined {
  const e = error as { constraint?: string; cause?: { constraint?: string } } | null;
  return isUniqueViolation(error) ? (e?.constraint ?? e?.cause?.constraint) : undefined;
}
