import { describe, expect, it } from "vitest";
import { engines, type TestApi, withOrganiser } from "#tests/helpers/api";
import { as, people, publishedEvent } from "#tests/helpers/registration";

/** Issue 45: GET /my/registration-details, what the caller gave at their latest registration. */
describe.each(engines)("the latest registration's details, on %s", (engine) => {
  let t: TestApi;
  let org: { user: { id: string }; cookie: string };

  withOrganiser(engine, (api) => {
    ({ t, org } = api);
  });

  it("empty before any registration, then the latest one's, only the caller's; 401 signed out", async () => {
    const [asha, ravi] = await people(t, 2, "Details");
    const me = as(t, asha!.cookie);
    expect((await t.request("/my/registration-details")).status).toBe(401);
    const empty = await me.get("/my/registration-details");
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual({ phone: "", collegeName: "", course: "" });

    const first = await publishedEvent(t, org.user.id);
    const second = await publishedEvent(t, org.user.id);
    const firstDetails = { phone: "9876543210", collegeName: "IIT Delhi", course: "B.Tech" };
    expect((await me.post(`/event/${first}/register`, firstDetails)).status).toBe(201);
    expect(await (await me.get("/my/registration-details")).json()).toEqual(firstDetails);

    t.clock.advance(60_000);
    const secondDetails = { phone: "9123456780", collegeName: "NIT Trichy", course: "M.Tech" };
    expect((await me.post(`/event/${second}/register`, secondDetails)).status).toBe(201);
    expect(await (await me.get("/my/registration-details")).json()).toEqual(secondDetails);

    // Someone else's are not the caller's.
    const other = await as(t, ravi!.cookie).get("/my/registration-details");
    expect(await other.json()).toEqual({ phone: "", collegeName: "", course: "" });
  });
});
