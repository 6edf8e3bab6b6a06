import QRCode from "qrcode";

/**
 * A QR code as one SVG path of its dark modules (1 unit each), drawn on the server: the page
 * needs no script to show it and prints sharp at any size. `size` includes a 4-module margin.
 */
export function qrPath(text: string): { size: number; d: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const margin = 4;
  let d = "";
  for (let y = 0; y < modules.size; y++)
    for (let x = 0; x < modules.size; x++)
      if (modules.get(y, x)) d += `M${x + margin} ${y + margin}h1v1h-1z`;
  return { size: modules.size + 2 * margin, d };
}
