import type { BrowserContext } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { seedRegistrationEvent, teamEvent, withEventDb } from "./registration-seed";
import { loginAs } from "./session";
import { shot } from "./shots";

/**
 * SPEC-4 §1's Coupons section of the organiser page, and §2's 'Payment pending' on the team card,
 * with JavaScript on and off (the two projects); screenshots at 360 and 1366 px with SHOTS=dir.
 */
test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 360, height: 800 } });

const PAID = { fee: 1299, upiId: "rang.fest@okaxis", payeeName: "Rang & Co" };
const DETAILS = { phone: "9876543210", collegeName: "IIT Delhi", course: "B.Tech" };

/** Makes the signed-in person the event's owner. */
function own(n: string, userId: string) {
  return withEventDb(n, (db, id) =>
    db
      .updateTable("events")
      .set({ madeBy: userId } as never)
      .where("id", "=", id)
      .execute(),
  );
}

test("an organiser creates coupons, sees each message at its field, and disables one", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  const { eventNumber: n } = seedRegistrationEvent(PAID);
  const org = await loginAs(context, baseURL!, { firstName: "Host" });
  await own(n, org.id);
  await page.goto(`/my/event/${n}`);
  await page.getByTestId("section-nav").getByRole("link", { name: "Coupons" }).click();
  await expect(page).toHaveURL(`/my/event/${n}?section=coupons`);
  await hydrated(page, jsEnabled);
  const section = page.locator("#coupons");
  await expect(section).toContainText("No coupons yet.");
  const create = section.getByRole("button", { name: "Create coupon" });

  // Nothing typed: the code's and the kind's messages at their fields.
  await create.click();
  await expect(page.locator("#coupon-code-error")).toHaveText("Use 4 to 20 letters and digits");
  await expect(page.locator("#coupon-kind-error")).toHaveText("Invalid discount");
  // A percentage over 100, then an amount over the fee: 'Invalid discount' at the discount.
  await page.getByLabel("Code").fill("FEST50");
  await page.getByLabel("Kind").selectOption("percent");
  await page.getByLabel("Discount").fill("150");
  await create.click();
  await expect(page.locator("#coupon-value-error")).toHaveText("Invalid discount");
  await shot(page, "coupons-errors", jsEnabled);
  await expect(page.getByLabel("Code")).toHaveValue("FEST50");
  await page.getByLabel("Kind").selectOption("amount");
  await page.getByLabel("Discount").fill("1300");
  await create.click();
  await expect(page.locator("#coupon-value-error")).toHaveText("Invalid discount");

  // Made: 50 % off, 10 uses, until 31 Dec 2030 23:30 India time.
  await page.getByLabel("Kind").selectOption("percent");
  await page.getByLabel("Discount").fill("50");
  await page.getByLabel("Uses (optional)").fill("10");
  await page.getByLabel("Valid until (India time, optional)").fill("2030-12-31T23:30");
  await create.click();
  await expect(
    page.getByRole("status").filter({ hasText: "Coupon FEST50 created" }).first(),
  ).toBeVisible();
  const rows = section.getByTestId("coupon");
  await expect(rows).toHaveCount(1);
  for (const text of ["FEST50", "50 %", "0 of 10", "31 Dec 2030", "11:30 pm", "Active"])
    await expect(rows.first()).toContainText(text, { ignoreCase: true });
  const stored = await withEventDb(n, (db, id) =>
    db
      .selectFrom("coupons")
      .select("validUntil")
      .where("eventId", "=", id)
      .executeTakeFirstOrThrow(),
  );
  expect(stored.validUntil).toBe("2030-12-31T18:00:00.000Z");

  // The same code in another case: 'This code already exists' at the code.
  await page.getByLabel("Code").fill("fest50");
  await page.getByLabel("Kind").selectOption("amount");
  await page.getByLabel("Discount").fill("100");
  await create.click();
  await expect(page.locator("#coupon-code-error")).toHaveText("This code already exists");
  await page.getByLabel("Code").fill("FLAT100");
  await create.click();
  await expect(
    page.getByRole("status").filter({ hasText: "Coupon FLAT100 created" }).first(),
  ).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(section.getByTestId("coupon").filter({ hasText: "FLAT100" })).toContainText("₹100");
  await expect(section.getByTestId("coupon").filter({ hasText: "FLAT100" })).toContainText(
    "no limit",
  );
  await shot(page, "coupons-list", jsEnabled);

  // Disable asks first; cancelling changes nothing, confirming disables.
  const fest = section.getByTestId("coupon").filter({ hasText: "FEST50" });
  await fest.getByRole("button", { name: "Disable" }).click();
  const confirm = page.getByTestId("confirm-step");
  await expect(confirm).toContainText("Disable the coupon FEST50?");
  await shot(page, "coupons-disable-confirm", jsEnabled);
  await confirm.getByTestId("cancel").click();
  await expect(fest).toContainText("Active");
  await fest.getByRole("button", { name: "Disable" }).click();
  await page
    .getByTestId("confirm-step")
    .getByRole("button", { name: "Disable the coupon" })
    .click();
  await expect(
    page.getByRole("status").filter({ hasText: "Coupon FEST50 disabled" }).first(),
  ).toBeVisible();
  await expect(fest).toContainText("Disabled");
  await expect(fest.getByRole("button", { name: "Disable" })).toHaveCount(0);
  await expect(section.getByTestId("coupon").filter({ hasText: "FLAT100" })).toContainText(
    "Active",
  );
});

test("a free event has no Coupons section", async ({ page, context, baseURL }) => {
  const { eventNumber: n } = seedRegistrationEvent();
  const org = await loginAs(context, baseURL!, { firstName: "Host" });
  await own(n, org.id);
  await page.goto(`/my/event/${n}`);
  await expect(page.getByTestId("section-nav").getByRole("link", { name: "Coupons" })).toHaveCount(
    0,
  );
  await page.goto(`/my/event/${n}?section=coupons`);
  await expect(page.locator("#coupons")).toHaveCount(0);
});

async function post(context: BrowserContext, path: string, body: Record<string, string>) {
  const res = await context.request.post(`/api/v1${path}`, { data: { ...DETAILS, ...body } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

test("the team card marks the unpaid member of a team with fees per person 'Payment pending'", async ({
  page,
  context,
  baseURL,
  person,
  jsEnabled,
}) => {
  const { eventNumber: n } = seedRegistrationEvent({ ...PAID, ...teamEvent, feePer: "person" });
  // A coupon that pays the whole fee: the leader's place is paid at once.
  await withEventDb(n, (db, id) =>
    db
      .insertInto("coupons")
      .values({
        id: `cpn${n}`,
        eventId: id,
        code: "ALLFREE",
        codeKey: "allfree",
        kind: "percent",
        value: 100,
        maxUses: null,
        validUntil: null,
        disabledAt: null,
        createdAt: new Date().toISOString(),
      })
      .execute(),
  );
  await loginAs(context, baseURL!, { firstName: "Lead" });
  const team = await post(context, `/event/${n}/register`, {
    teamName: "Night Owls",
    coupon: "ALLFREE",
  });
  expect(team.payment.status).toBe("paid");
  const ria = await person("Ria");
  const joined = await post(ria.context, `/event/${n}/team/join`, { code: team.team.code });
  expect(joined.payment.status).toBe("pending");
  await ria.close();

  await page.goto(`/event/${n}`);
  await hydrated(page, jsEnabled);
  const card = page.getByTestId("registration-block").getByTestId("team-card");
  const members = card.getByTestId("team-member");
  await expect(members).toHaveCount(2);
  await expect(members.filter({ hasText: "Ria" }).getByTestId("member-payment-pending")).toHaveText(
    "Payment pending",
  );
  await expect(
    members.filter({ hasText: "Lead" }).getByTestId("member-payment-pending"),
  ).toHaveCount(0);
  await shot(page, "team-card-payment-pending", jsEnabled);
  // The team page shows the same.
  await page.goto(`/event/${n}/team`);
  await expect(
    page
      .getByTestId("team-member")
      .filter({ hasText: "Ria" })
      .getByTestId("member-payment-pending"),
  ).toHaveText("Payment pending");
});
