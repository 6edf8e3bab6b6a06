// The app's icons for the web app manifest (SPEC-3 §6), drawn from one SVG with sharp and
// committed in public/icons/: `node scripts/make-icons.mjs` after changing the mark or the brand
// colour. "any" icons are the favicon's rounded square; the maskable one fills its square with the
// brand colour and keeps the letter inside the central 80 % a launcher may crop to a circle.
import path from "node:path";
import sharp from "sharp";

const BRAND = "#5b2bd6"; // palette.brand (app/styles/palette.ts)
const out = path.resolve("public/icons");

const letter = (size, scale) =>
  `<text x="${size / 2}" y="${size / 2 + size * scale * 0.36}" font-family="DejaVu Sans, sans-serif" font-size="${size * scale}" font-weight="700" text-anchor="middle" fill="#fff">U</text>`;
const rounded = (size) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${size / 4}" fill="${BRAND}"/>${letter(size, 0.62)}</svg>`;
const maskable = (size) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="${BRAND}"/>${letter(size, 0.45)}</svg>`;

const icons = [
  ["icon-192.png", rounded(192)],
  ["icon-512.png", rounded(512)],
  ["icon-maskable-512.png", maskable(512)],
];
for (const [name, svg] of icons) {
  await sharp(Buffer.from(svg))
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, name));
  console.log(`public/icons/${name}`);
}
