import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#tests/helpers/api";
import { bannerSrcSet, smallLogoUrl } from "#server/contracts/images";
import { fileUrl, storeImage } from "./uploads";

describe("pictures are stored at the sizes they are shown", () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi("sqlite");
  });
  afterAll(() => t.close());

  const png = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: "#e4572e" } })
      .png()
      .toBuffer();

  it("a banner at 1600 and 800 wide, named for srcset", async () => {
    const key = await storeImage(
      t.deps,
      new File([new Uint8Array(await png(3000, 1200))], "b.png"),
      "banner",
    );
    const url = fileUrl(key)!;
    const srcset = bannerSrcSet(url)!;
    const [small, large] = srcset.split(", ").map((part) => part.split(" ")[0]!);
    expect(large).toBe(url);
    for (const [u, width] of [
      [small, 800],
      [large, 1600],
    ] as const) {
      const res = await t.request(u!.replace("/api/v1", ""));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(width);
    }
  });

  it("a logo at 320, and 128 for cards", async () => {
    const key = await storeImage(
      t.deps,
      new File([new Uint8Array(await png(500, 500))], "l.png"),
      "logo",
    );
    const res = await t.request(smallLogoUrl(fileUrl(key)!).replace("/api/v1", ""));
    expect(res.status).toBe(200);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(128);
  });

  it("leaves URLs it does not know as they are", () => {
    expect(bannerSrcSet("https://example.com/x.png")).toBeUndefined();
    expect(smallLogoUrl("https://example.com/x.png")).toBe("https://example.com/x.png");
  });
});
