import { formatDateTimeIST } from "#server/contracts/dates";
import { expect, hydrated, test } from "./fixtures";
import { seedCheckInEvent } from "./check-in-seed";
import { signInAs } from "./session";
import { shot } from "./shots";

/** SPEC-3 §5's screens: the ticket, and the check-in page's code form and list (JS on and off). */
test("a registered person opens their ticket from /my/registrations: QR, short code, name", async ({
  page,
  organiser: org,
  switchUser,
}) => {
  const { eventNumber, eventName, people } = await seedCheckInEvent(org.id, ["Tara"]);
  await switchUser(people[0]!.id);
  await page.goto("/my/registrations");
  await page.getByTestId("ticket-link").click();
  await expect(page).toHaveURL(`/event/${eventNumber}/ticket`);
  const ticket = page.getByTestId("ticket");
  await expect(ticket.getByRole("heading", { name: eventName })).toBeVisible();
  await expect(ticket.getByText("Tara Gate")).toBeVisible();
  await expect(page.getByTestId("short-code")).toHaveText(/^[A-Z2-9]{8}$/);
  const qr = ticket.getByRole("img", { name: /Ticket QR code/ });
  expect((await qr.boundingBox())!.width).toBeGreaterThan(200);
  await page.goto(`/event/${eventNumber}`);
  await expect(page.getByTestId("ticket-link")).toHaveAttribute(
    "href",
    `/event/${eventNumber}/ticket`,
  );
});

test("the ticket shows the day and place of the venue round, not the first (online) round's", async ({
  page,
  jsEnabled,
  organiser: org,
  switchUser,
}) => {
  const day = 86_400_000;
  const round = (title: string, kind: string, start: number) => ({
    _id: `rnd${title.toLowerCase()}${start}`,
    kind,
    requireFile: false,
    requireLink: kind === "submission",
    title,
    description: "",
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + day / 2).toISOString(),
    isEliminatorRound: "false",
  });
  const now = Date.now();
  const online = round("Ideas", "submission", now + day);
  const finale = round("Finale", "offline", now + 4 * day);
  const { eventNumber, people } = await seedCheckInEvent(org.id, ["Tara"], {
    modeOfEvent: "Offline",
    locationName: "Main Auditorium",
    cityName: "Pune",
    stateName: "Maharashtra",
    rounds: JSON.stringify([online, finale]),
  });
  await switchUser(people[0]!.id);
  await page.goto(`/event/${eventNumber}/ticket`);
  await expect(page.getByTestId("ticket-date")).toHaveText(
    `Finale: ${formatDateTimeIST(finale.startDate)}`,
  );
  await expect(page.getByTestId("ticket-place")).toHaveText("Main Auditorium, Pune, Maharashtra");
  await expect(page.getByTestId("ticket")).not.toContainText(formatDateTimeIST(online.startDate));
  await shot(page, "ticket-venue", jsEnabled);
});

test("someone with no ticket reads 'You have no ticket for this event'", async ({
  page,
  organiser: org,
}) => {
  const { eventNumber } = await seedCheckInEvent(org.id, []);
  await page.goto(`/event/${eventNumber}/ticket`);
  await expect(page.getByText("You have no ticket for this event")).toBeVisible();
});

test("the gate: a short code, again, a bad code, search and the list's 'Check in'", async ({
  page,
  context,
  baseURL,
  jsEnabled,
  organiser: org,
}) => {
  const { eventNumber, people } = await seedCheckInEvent(org.id, ["Anil", "Bela"]);
  const res = await page.request.get(`/api/v1/event/${eventNumber}/check-in`);
  expect(res.status()).toBe(200);
  // Anil's short code, as Anil's ticket page shows it.
  const anil = await context.browser()!.newContext();
  await signInAs(anil, baseURL!, people[0]!.id);
  const anilTicket = await (
    await anil.request.get(`${baseURL}/api/v1/event/${eventNumber}/ticket`)
  ).json();
  await anil.close();

  await page.goto(`/my/event/${eventNumber}/check-in`);
  await hydrated(page, jsEnabled);
  await expect(page.getByTestId("progress")).toHaveText("Checked in 0 of 2");
  await page.getByTestId("ticket-code").fill(anilTicket.shortCode.toLowerCase());
  await page.getByTestId("ticket-code").press("Enter");
  const result = page.getByTestId("scan-result");
  await expect(result).toHaveText("Checked in: Anil Gate");
  await expect(result).toHaveAttribute("data-tone", "good");
  if (jsEnabled) await result.click();
  await expect(page.getByTestId("progress")).toHaveText("Checked in 1 of 2");

  await page.getByTestId("ticket-code").fill(anilTicket.code);
  await page.getByTestId("ticket-code").press("Enter");
  await expect(result).toHaveText(/^Already checked in at \d\d:\d\d by Orla$/);
  await expect(result).toHaveAttribute("data-tone", "warn");
  await shot(page, "gate-already", jsEnabled);
  if (jsEnabled) await result.click();

  await page.getByTestId("ticket-code").fill("not-a-ticket");
  await page.getByTestId("ticket-code").press("Enter");
  await expect(result).toHaveText("Invalid ticket");
  await expect(result).toHaveAttribute("data-tone", "bad");
  if (jsEnabled) await result.click();

  await page.getByTestId("search").fill("bela");
  await page.getByTestId("search").press("Enter");
  await expect(page.getByTestId("person")).toHaveCount(1);
  await page.getByTestId("person").getByRole("button", { name: "Check in" }).click();
  await expect(result).toHaveText("Checked in: Bela Gate");
  if (jsEnabled) await result.click();
  await expect(page.getByTestId("progress")).toHaveText("Checked in 2 of 2");
});
