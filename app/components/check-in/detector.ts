import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

export interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

/**
 * A QR detector: the browser's BarcodeDetector where it has one, else the barcode-detector
 * polyfill (ZXing in WebAssembly, served from our own origin, not a CDN). Loaded only here.
 */
export async function qrDetector(): Promise<Detector> {
  const native = (
    globalThis as {
      BarcodeDetector?: { new (o: object): Detector; getSupportedFormats(): Promise<string[]> };
    }
  ).BarcodeDetector;
  if (native && (await native.getSupportedFormats()).includes("qr_code"))
    return new native({ formats: ["qr_code"] });
  const { BarcodeDetector, setZXingModuleOverrides } = await import("barcode-detector/ponyfill");
  setZXingModuleOverrides({
    locateFile: (path: string, prefix: string) =>
      path.endsWith(".wasm") ? wasmUrl : prefix + path,
  });
  return new BarcodeDetector({ formats: ["qr_code"] });
}
