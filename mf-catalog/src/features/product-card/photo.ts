import type { ProductPhoto } from '@store/contracts';
import { assetUrl } from '@store/http';

/** An uploaded image's `srcset`: the browser picks the 400 or 1200 px WebP for the space it has. */
export const photoSrcSet = (photo: ProductPhoto) => `${assetUrl(photo.small)} 400w, ${assetUrl(photo.large)} 1200w`;

/** How wide a card's image shows: two columns on a phone, up to five of ~250 px on a desktop. */
export const CARD_SIZES = '(max-width: 600px) 50vw, (max-width: 1100px) 33vw, 300px';
/** The product page's main image: the full width on a phone, about half of the page beside the details. */
export const DETAIL_SIZES = '(max-width: 800px) 100vw, 640px';
