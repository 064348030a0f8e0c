/**
 * Widths every upload is stored at besides its full size (at most 1600 px on the long edge).
 * 400 serves the services grid on one-x screens, 800 on two-x screens and wide cards.
 */
export const IMAGE_VARIANT_WIDTHS = [400, 800] as const;

const UPLOAD_URL = /^\/uploads\/([0-9a-f-]{36})\.webp$/;

/** The URL of one stored width of an upload: `/uploads/<id>-w400.webp`. */
export function imageVariantUrl(url: string, width: number): string | undefined {
  const match = UPLOAD_URL.exec(url);
  return match ? `/uploads/${match[1]}-w${width}.webp` : undefined;
}

/**
 * A `srcset` for an uploaded image (its stored widths plus the full size), or undefined for the
 * shipped vector art, which is sharp at any width.
 */
export function imageSrcSet(url: string, fullWidth = 1600): string | undefined {
  if (!UPLOAD_URL.test(url)) return undefined;
  const variants = IMAGE_VARIANT_WIDTHS.map((w) => `${imageVariantUrl(url, w)} ${w}w`);
  return [...variants, `${url} ${fullWidth}w`].join(', ');
}

/**
 * An <img>'s `srcSet` and `sizes` for an upload, or neither for the shipped vector art: `sizes`
 * means nothing without `srcset`, and HTML forbids it there (React's preload of such an image
 * then carries an `imagesizes` without `imagesrcset`, which is invalid too).
 */
export function responsiveImage(url: string, sizes: string): { srcSet?: string; sizes?: string } {
  const srcSet = imageSrcSet(url);
  return srcSet === undefined ? {} : { srcSet, sizes };
}
