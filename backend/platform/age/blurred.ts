import { createHash } from 'node:crypto';

/**
 * The blurred stand-in of a portrait before the proof of age (issue 39 item 2). No pixel of the
 * portrait leaves the server: the stand-in is an SVG of soft colour fields under a Gaussian blur,
 * seeded by a hash of the image's address (so each card differs and the same card stays the same).
 * A true downscale of the picture would need a JPEG/WebP decoder (a native addon or a wasm one);
 * the stand-in needs none and cannot be undone into the portrait.
 */
export const blurredKeyOf = (image: string) => createHash('sha256').update(image).digest('hex').slice(0, 16);

export const blurredImageUrl = (image: string) => `/api/age-verification/blurred/${blurredKeyOf(image)}`;

export function blurredSvg(key: string): string {
  const bytes = Buffer.from(key, 'hex');
  const hue = (at: number) => Math.round(((bytes[at] ?? 0) / 255) * 360);
  const at = (index: number, base: number, spread: number) => base + ((bytes[index] ?? 0) % spread);
  const spot = (index: number, hueAt: number, light: number) =>
    `<ellipse cx="${at(index, 20, 60)}" cy="${at(index + 1, 25, 70)}" rx="${at(index + 2, 30, 25)}" ry="${at(index + 3, 35, 30)}" ` +
    `fill="hsl(${hue(hueAt)} 45% ${light}%)"/>`;
  const label = 'Immagine sfocata: verifica la tua età per vederla';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 125" preserveAspectRatio="xMidYMid slice" role="img" aria-label="${label}">
<defs><filter id="b" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="14"/></filter></defs>
<rect width="100" height="125" fill="hsl(${hue(0)} 30% 22%)"/>
<g filter="url(#b)">${spot(1, 2, 45)}${spot(4, 5, 60)}${spot(8, 9, 35)}</g>
</svg>`;
}
