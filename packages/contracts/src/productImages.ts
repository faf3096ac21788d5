/** Product image upload limits, zod-free (the admin's image grid imports them outside a form). */
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PRODUCT_IMAGE_MAX_COUNT = 12;
