import fs from "node:fs/promises";
import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expect, hydrated, type Person, test } from "./fixtures";
import { seedRegistrationEvent } from "./registration-seed";
import { loginAs } from "./session";
import { shot } from "./shots";

/**
 * SPEC-4 §3 screens, JavaScript on and off (the two projects): the organiser imports a bank
 * statement, assigns the line nothing matched, confirms, rejects with a reason, refunds, confirms
 * two payments at once (asked first) and downloads the CSV; a payer cancels a paid place.
 */
test.describe.configure({ timeout: 150_000 });
test.use({ viewport: { width: 1366, height: 900 } });

const DETAILS = { phone: "9876543210", collegeName: "IIT Delhi", course: "B.Tech" };

/** A UTR no other run uses: a UTR names one payment per UPI ID. */
const newUtr = () => String(randomInt(100_000_000_000, 999_999_999_999));

/** A paid event of ₹299 made by `organiserId`, to a UPI ID of its own. */
function paidEvent(organiserId: string) {
  return seedRegistrationEvent({
    madeBy: organiserId,
    fee: 299,
    upiId: `club${randomInt(1_000_000)}@okaxis`,
    payeeName: "Cultural Club",
    capacity: 50,
  });
}

/** A payer registered through the API: their reference, and their UTR once claimed. */
async function payer(
  person: (name: string) => Promise<Person>,
  n: string,
  name: string,
  claim: boolean,
) {
  const p = await person(name);
  const reg = await p.context.request.post(`/api/v1/event/${n}/register`, { data: DETAILS });
  expect(reg.status()).toBe(201);
  const payment = await (await p.context.request.get(`/api/v1/event/${n}/payment`)).json();
  const utr = newUtr();
  if (claim) {
    const res = await p.context.request.post(`/api/v1/event/${n}/payment/claim`, { data: { utr } });
    expect(res.ok()).toBe(true);
  }
  return { ...p, reference: payment.reference as string, utr: claim ? utr : null };
}

/** A payer's row, by their name (every payer here is a Verma). */
const rowOf = (page: Page, name: string) =>
  page.getByTestId("payment-row").filter({ hasText: `${name} Verma` });

/** The toast's words (without JavaScript a CSS timer may have faded it out already). */
async function toast(page: Page, text: string | RegExp) {
  await expect(page.getByTestId("toast").filter({ hasText: text })).toBeAttached();
}

test("an organiser imports a statement, assigns a line, confirms, rejects, refunds, confirms in bulk and downloads the CSV", async ({
  page,
  context,
  baseURL,
  person,
  jsEnabled,
}) => {
  const organiser = await loginAs(context, baseURL!, { firstName: "Tara" });
  const { eventNumber: n } = paidEvent(organiser.id);
  const arjun = await payer(person, n, "Arjun", true);
  const bela = await payer(person, n, "Bela", false);
  await payer(person, n, "Chitra", false);
  await payer(person, n, "Dev", true);
  await payer(person, n, "Esha", true);
  await payer(person, n, "Farah", true);
  await payer(person, n, "Gopal", true);

  await page.goto(`/my/event/${n}`);
  await page.getByTestId("payments-link").click();
  await expect(page).toHaveURL(`/my/event/${n}/payments`);
  await hydrated(page, jsEnabled);
  await expect(page.getByTestId("total-claimed")).toContainText("₹1,495");
  await expect(page.getByTestId("total-pending")).toContainText("₹598");
  await expect(page.getByTestId("payment-row")).toHaveCount(7);

  // The statement: Arjun's UTR, Bela's reference, a credit nobody claimed, and a debit.
  const utrB = newUtr();
  const utrC = newUtr();
  const statement = [
    "Txn Date,Value Date,Description,Ref No.,Debit,Credit,Balance",
    `28/11/2026,28/11/2026,UPI/CR/${arjun.utr}/ARJUN/okhdfc,${arjun.utr},,299.00,"10,299.00"`,
    `28/11/2026,28/11/2026,UPI/CR/${utrB}/BELA/Utsav ${bela.reference},${utrB},,299.00,"10,598.00"`,
    `29/11/2026,29/11/2026,UPI/CR/${utrC}/CHITRA S/fest fee,${utrC},,299.00,"10,897.00"`,
    `29/11/2026,29/11/2026,UPI/DR/${newUtr()}/CANTEEN,,120.00,,"10,777.00"`,
  ].join("\n");
  const section = page.locator("#import");
  await section.getByLabel("Bank statement (CSV)").setInputFiles({
    name: "statement.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(statement),
  });
  if (!jsEnabled) await section.getByRole("button", { name: "Upload" }).click();
  // The columns, guessed from the header's words.
  await expect(section.getByLabel("Date column")).toHaveValue("Txn Date");
  await expect(section.getByLabel("Amount column")).toHaveValue("Credit");
  await expect(section.getByLabel("Narration column")).toHaveValue("Description");
  await expect(section.getByLabel("Reference column (optional)")).toHaveValue("Ref No.");
  await shot(page, "payments-import-columns", jsEnabled);
  // A column whose cells are no amounts: said under the amount's select, every pick kept.
  await section.getByLabel("Amount column").selectOption("Description");
  await section.getByRole("button", { name: "Import" }).click();
  await expect(section.getByText("Could not read the amounts in column Description")).toBeVisible();
  await expect(section.getByLabel("Date column")).toHaveValue("Txn Date");
  await expect(section.getByLabel("Amount column")).toHaveValue("Description");
  await section.getByLabel("Amount column").selectOption("Credit");
  await section.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("import-lines")).toContainText("4");
  await expect(page.getByTestId("import-matched")).toContainText("2");
  await expect(page.getByTestId("import-unmatched")).toContainText("1");
  await expect(rowOf(page, "Arjun").getByTestId("payment-status")).toHaveText("Paid");
  await expect(rowOf(page, "Bela").getByTestId("payment-status")).toHaveText("Paid");

  // The line nothing matched, given to Chitra by hand.
  const line = page.getByTestId("unmatched-line").filter({ hasText: "CHITRA S" });
  await expect(line).toBeVisible();
  await shot(page, "payments-imported", jsEnabled);
  await line.getByRole("button", { name: "Assign" }).click();
  await expect(line.getByRole("alert")).toHaveText("Choose a payment");
  const chitra = await line.locator("option", { hasText: "Chitra" }).getAttribute("value");
  await line.getByLabel("Payment").selectOption(chitra!);
  await line.getByRole("button", { name: "Assign" }).click();
  await toast(page, /Line assigned/);
  await expect(page.getByTestId("unmatched-line")).toHaveCount(0);
  await expect(rowOf(page, "Chitra").getByTestId("payment-status")).toHaveText("Paid");

  // Confirm one by hand.
  await rowOf(page, "Dev").getByRole("button", { name: "Confirm" }).click();
  await toast(page, /confirmed/);
  await expect(rowOf(page, "Dev").getByTestId("payment-status")).toHaveText("Paid");

  // Reject one: a reason is needed.
  const esha = rowOf(page, "Esha");
  await esha.locator("summary", { hasText: "Reject" }).click();
  await esha.getByRole("button", { name: "Reject" }).click();
  await expect(esha.getByText("Give a reason")).toBeVisible();
  await esha.getByLabel("Reason").fill("No such UTR on our statement");
  await esha.getByRole("button", { name: "Reject" }).click();
  await toast(page, /rejected/);
  await expect(esha.getByTestId("payment-status")).toHaveText("Rejected");
  await expect(esha).toContainText("Reason: No such UTR on our statement");

  // Refund Arjun with the refund's UTR: refunded at once.
  const a = rowOf(page, "Arjun");
  await a.locator("summary", { hasText: "Refund" }).click();
  await a.getByLabel("Refund UTR (if sent)").fill("12345");
  await a.getByRole("button", { name: "Refund" }).click();
  await expect(a.getByText("Enter the 12-digit UTR of the refund")).toBeVisible();
  await a.getByLabel("Refund UTR (if sent)").fill(newUtr());
  await a.getByRole("button", { name: "Refund" }).click();
  await toast(page, /marked refunded/);
  await expect(a.getByTestId("payment-status")).toHaveText("Refunded");

  // Farah and Gopal at once, asked first; Cancel changes nothing.
  await rowOf(page, "Farah").getByRole("checkbox").check();
  await rowOf(page, "Gopal").getByRole("checkbox").check();
  await page.getByRole("button", { name: "Confirm selected" }).click();
  const step = page.getByTestId("confirm-step");
  await expect(step).toContainText("Confirm 2 payments?");
  await shot(page, "payments-bulk-confirm", jsEnabled);
  await step.getByTestId("confirm").click();
  await toast(page, "Confirmed 2 payments");
  await expect(rowOf(page, "Farah").getByTestId("payment-status")).toHaveText("Paid");
  await expect(rowOf(page, "Gopal").getByTestId("payment-status")).toHaveText("Paid");

  // Bela, Chitra, Dev, Farah, Gopal: 5 × ₹299 collected; Arjun's ₹299 refunded.
  await expect(page.getByTestId("total-collected")).toContainText("₹1,495");
  await expect(page.getByTestId("total-refunded")).toContainText("₹299");
  await expect(page.getByTestId("total-claimed")).toContainText("₹0");
  await shot(page, "payments-page", jsEnabled);

  // The filter and the search, a GET form.
  await page.getByLabel("Status").selectOption("paid");
  await page.getByLabel("Search payments").fill("Farah");
  await page.locator("#payments").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/status=paid&q=Farah/);
  await expect(page.getByTestId("payment-row")).toHaveCount(1);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  const csv: Record<string, string>[] = parse(await fs.readFile((await download.path())!, "utf8"), {
    bom: true,
    columns: true,
  });
  expect(csv).toHaveLength(7);
  expect(JSON.stringify(csv)).toContain(bela.reference);
});

test("a payer cancels a paid place and asks for a refund; the organiser marks it refunded", async ({
  page,
  context,
  baseURL,
  person,
  jsEnabled,
}) => {
  const org = await person("Omar");
  const { eventNumber: n } = paidEvent(org.user.id);
  const me = await loginAs(context, baseURL!, { firstName: "Kavya" });
  expect(
    (await context.request.post(`/api/v1/event/${n}/register`, { data: DETAILS })).status(),
  ).toBe(201);
  const utr = newUtr();
  expect(
    (await context.request.post(`/api/v1/event/${n}/payment/claim`, { data: { utr } })).ok(),
  ).toBe(true);
  const list = await (await org.context.request.get(`/api/v1/event/${n}/payments`)).json();
  const id = list.items[0]._id;
  expect((await org.context.request.post(`/api/v1/event/${n}/payments/${id}/confirm`)).ok()).toBe(
    true,
  );

  await page.goto(`/event/${n}`);
  await page.getByTestId("cancel-paid-link").click();
  await expect(page).toHaveURL(new RegExp(`/event/${n}/pay#cancel$`));
  await hydrated(page, jsEnabled);
  await page.getByLabel("UPI ID for the refund (optional)").fill("not a upi id");
  await page.getByTestId("cancel-paid").click();
  await expect(page.getByText("Invalid UPI ID")).toBeVisible();
  await page.getByLabel("UPI ID for the refund (optional)").fill("kavya@okicici");
  await shot(page, "payments-cancel-form", jsEnabled);
  await page.getByTestId("cancel-paid").click();
  const step = page.getByTestId("confirm-step");
  await expect(step).toContainText("Cancel your place and ask for a refund?");
  await expect(step).toContainText("kavya@okicici");
  await shot(page, "payments-cancel-confirm", jsEnabled);
  await step.getByTestId("confirm").click();
  await toast(page, "Your place was cancelled: the organiser will refund you");
  await expect(page.getByTestId("pay")).toContainText("This payment will be refunded.");
  await page.goto(`/event/${n}`);
  await expect(page.getByTestId("registration-block").getByTestId("registered")).toHaveCount(0);

  // The organiser sees it due, to the UPI ID given, and marks it refunded.
  const o = org.page;
  await o.goto(`/my/event/${n}/payments?status=refund-due`);
  await hydrated(o, jsEnabled);
  const row = rowOf(o, me.firstName);
  await expect(row.getByTestId("payment-status")).toHaveText("Refund due");
  await expect(row).toContainText("Refund to kavya@okicici");
  await row.locator("summary", { hasText: "Mark refunded" }).click();
  await row.getByLabel("Refund UTR").fill(newUtr());
  await row.getByRole("button", { name: "Mark refunded" }).click();
  await toast(o, /marked refunded/);
  await o.goto(`/my/event/${n}/payments`);
  await expect(rowOf(o, me.firstName).getByTestId("payment-status")).toHaveText("Refunded");
});
