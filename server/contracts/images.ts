/**
 * Stored pictures come in the widths they are shown at (server/services/uploads/uploads.ts IMAGE_USES):
 * banners 1600 and 800 wide, logos 320 and 128. These build the URLs and srcset for them.
 */
export function imageVariantUrl(url: string, width: number): string {
  return /^\/api\/v1\/files\/[a-f0-9]+\.webp$/.test(url)
    ? url.replace(/\.webp$/, `-w${width}.webp`)
    : url;
}

/** srcset for a banner: the 800 copy for phones, the full 1600 for wide screens. */
export function bannerSrcSet(url: string): string | undefined {
  const small = imageVariantUrl(url, 800);
  return small === url ? undefined : `${small} 800w, ${url} 1600w`;
}

/** A logo shown small (cards, headers): the 128 copy when there is one. */
export function smallLogoUrl(url: string): string {
  return imageVariantUrl(url, 128);
}
