import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedEvents } from "#server/db/seed";
import { TEXT_COUNT_CAP } from "#server/services/events/event-query";
import { createTestApi, engines, type TestApi } from "#tests/helpers/api";

describe.each(engines)("search totals on %s", (engine) => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi(engine);
    await seedEvents(t.deps, { count: 1100, images: false, seed: 5 });
  }, 180_000);
  afterAll(() => t.close());

  it("a text search counts up to the cap and says the total is capped", async () => {
    const res = await t.request("/event/find?q=a");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe(String(TEXT_COUNT_CAP));
    expect(res.headers.get("x-total-count-capped")).toBe("true");
    expect(res.headers.get("link")).toContain('rel="next"');
    expect(await res.json()).toHaveLength(20);
  });

  it("counts exactly below the cap and without text", async () => {
    const rare = await t.request("/event/find?q=zzqx-nothing");
    expect(rare.headers.get("x-total-count")).toBe("0");
    expect(rare.headers.get("x-total-count-capped")).toBeNull();
    const all = await t.request("/event/get-all");
    expect(all.headers.get("x-total-count")).toBe("1100");
    expect(all.headers.get("x-total-count-capped")).toBeNull();
  });
});
