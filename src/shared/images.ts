import { z } from 'zod';

// The URL helpers live apart from the schema so the home page can use them without zod.
export { IMAGE_VARIANT_WIDTHS, imageSrcSet, imageVariantUrl, responsiveImage } from './image-urls.js';

/** An image this server stored (an upload) or ships (the demo catalogue): never an outside URL. */
export const imageUrlSchema = z
  .string({ error: 'Image is required' })
  .regex(/^\/(uploads\/[0-9a-f-]{36}\.webp|images\/[a-z0-9/_-]+\.(svg|webp|png|jpg))$/, 'Must be an image uploaded to this site');
