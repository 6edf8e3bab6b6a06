import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import type { EventCardData } from "#server/contracts/event-shape";
import { EventCardItems } from "./EventCard";

const NOW = new Date("2026-11-29T00:00:00.000Z");
const base: EventCardData = {
  eventNumber: "71001",
  status: "active",
  eventType: "Hackathon",
  eventName: "Robo Wars",
  organisationName: "Robotics Club",
  eventLogo: null,
  endDate: "2026-12-10T00:00:00.000Z",
  firstPrize: 5000,
  modeOfEvent: "Offline",
  festivalName: null,
  stateName: null,
  cityName: null,
  org: null,
};

/** The cards as a page renders them, inside a router (their links need one). */
async function render(event: EventCardData, saved?: boolean): Promise<string> {
  const Cards = () => (
    <EventCardItems className="cards" cards={[{ event, href: "/event/71001", now: NOW, saved }]} />
  );
  const { dataRoutes, query } = createStaticHandler([{ id: "root", path: "/", Component: Cards }]);
  const context = await query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} />,
  );
}

const anchors = (html: string) => [...html.matchAll(/<a\b[^>]*href="([^"]*)"/g)].map((m) => m[1]);

describe("EventCard (SPEC-4 §4: event cards link the organisation)", () => {
  it("with an organisation: the name links the event, the organisation's name its page; no link inside another", async () => {
    const html = await render({
      ...base,
      org: { handle: "robotics", name: "Robotics Club", logo: null, verified: true },
    });
    expect(anchors(html)).toEqual(["/event/71001", "/org/robotics"]);
    expect(html).toMatch(/<a[^>]*href="\/event\/71001"[^>]*>Robo Wars<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/org\/robotics"[^>]*><span[^>]*>Robotics Club<\/span>/);
    expect(html).toContain("Verified");
    // Each <a> closes before the next opens.
    expect(html.replace(/<a\b[^>]*>.*?<\/a>/gs, "")).not.toMatch(/<a\b|<\/a>/);
  });

  it("an unverified organisation has no mark", async () => {
    const html = await render({
      ...base,
      org: { handle: "robotics", name: "Robotics Club", logo: null, verified: false },
    });
    expect(anchors(html)).toEqual(["/event/71001", "/org/robotics"]);
    expect(html).not.toContain("Verified");
  });

  it("without an organisation: the typed name as text, one link", async () => {
    const html = await render(base, false);
    expect(anchors(html)).toEqual(["/event/71001"]);
    expect(html).toContain("Robotics Club");
    expect(html).not.toContain("/org/");
  });
});
