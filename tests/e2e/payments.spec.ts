import { readFile } from "node:fs/promises";
import jsQR from "jsqr";
import sharp from "sharp";
import { markPlacePaid, nextReceiptNumber } from "#server/services/payments/payment-write";
import { pdfTextLines } from "#tests/helpers/pdf";
import { expect, hydrated, test } from "./fixtures";
import { seedRegistrationEvent, withEventDb } from "./registration-seed";
import { loginAs } from "./session";
import { shot } from "./shots";

/** SPEC-4 §2 journeys at 360 px, with JavaScript on and off (the two projects). */
test.describe.configure({ timeout: 90_000 });
test.use({ viewport: { width: 360, height: 800 } });

const PAID = {
  fee: 1299,
  upiId: "rang.fest@okaxis",
  payeeName: "Rang & Co",
  refundPolicy: "Refunds until 1 December.",
};

/** Reads the QR a page drew, as a phone's camera would: rasterised, then decoded. */
async function decodeQr(svg: Buffer): Promise<string | null> {
  const { data, info } = await sharp(svg).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

test("a student registers for a paid event, pays by UPI and claims with the UTR", async ({
  page,
  context,
  baseURL,
  mailbox,
  jsEnabled,
}) => {
  const { eventNumber: n, eventName } = seedRegistrationEvent({ ...PAID, capacity: 20 });
  const user = await loginAs(context, baseURL!, { firstName: "Payer" });
  await page.goto(`/event/${n}/register`);
  await page.getByLabel("Phone Number").fill("9876543210");
  await expect(page.getByTestId("fee-line")).toContainText("Fee ₹1,299");
  // An unknown coupon: 'Invalid coupon' under the field, nothing taken.
  await page.getByLabel("Coupon code (optional)").fill("NOPE1");
  await page.getByTestId("submit-register").click();
  await expect(page.getByText("Invalid coupon")).toBeVisible();
  await shot(page, "pay-register-coupon-error", jsEnabled);
  await page.getByLabel("Coupon code (optional)").fill("");
  await page.getByTestId("submit-register").click();
  // The place is held: on to the payment page, and the event page says so.
  await expect(page).toHaveURL(`/event/${n}/pay`);
  await page.goto(`/event/${n}`);
  const block = page.getByTestId("registration-block");
  await expect(block.getByTestId("payment-pending")).toHaveText("Your place is held until you pay");
  await expect(block.getByTestId("ticket-link")).toHaveCount(0);
  await expect(block).toContainText("1 of 20 places taken");
  await shot(page, "pay-registered-held", jsEnabled);
  const mail = await mailbox.latest(
    user.email,
    new RegExp(`Complete your payment for ${eventName}`),
  );
  expect(JSON.stringify(mail)).toContain(`/event/${n}/pay`);

  await block.getByTestId("pay-link").click();
  await expect(page).toHaveURL(`/event/${n}/pay`);
  await hydrated(page, jsEnabled);
  const pay = page.getByTestId("pay");
  await expect(pay.getByTestId("amount")).toHaveText("₹1,299");
  await expect(pay).toContainText("Pay by");
  await expect(pay).toContainText("Refunds until 1 December.");
  const href = await pay.getByTestId("upi-link").getAttribute("href");
  expect(href).toMatch(
    /^upi:\/\/pay\?pa=rang\.fest@okaxis&pn=Rang%20%26%20Co&am=1299\.00&cu=INR&tn=Utsav%20(UT[A-HJ-NP-Z2-9]{6})&tr=\1$/,
  );
  // A real client reads what we drew: the QR decodes to exactly the UPI link.
  const svg = await pay.getByTestId("upi-qr").evaluate((el) => {
    const copy = el.cloneNode(true) as SVGElement;
    copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
    copy.setAttribute("width", "600");
    copy.setAttribute("height", "600");
    return copy.outerHTML;
  });
  expect(await decodeQr(Buffer.from(svg))).toBe(href);
  const reference = href!.match(/tr=(UT\w{6})$/)![1]!;
  await expect(pay).toContainText(`Write ${reference} in the note if your app asks`);
  if (jsEnabled) {
    await expect(pay.getByTestId("countdown")).toContainText("left");
    await expect(pay.getByTestId("copy-upi")).toBeVisible();
  } else {
    await expect(pay.getByTestId("countdown")).toHaveCount(0);
  }
  await shot(page, "pay-page", jsEnabled);

  // A wrong UTR: the message, and nothing changes.
  await page.getByLabel("UTR (12-digit UPI transaction number)").fill("12345678901");
  await page.getByRole("button", { name: "I have paid" }).click();
  await expect(page.getByText("Enter the 12-digit UTR from your payment app")).toBeVisible();
  await shot(page, "pay-claim-error", jsEnabled);

  const png = await sharp({ create: { width: 30, height: 30, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();
  // A UTR names one payment per UPI ID: each run (and project) pays with its own.
  const utr = String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
  await page.getByLabel("UTR (12-digit UPI transaction number)").fill(utr);
  await page
    .getByLabel("Screenshot of the payment (optional)")
    .setInputFiles({ name: "paid.png", mimeType: "image/png", buffer: png });
  await page.getByRole("button", { name: "I have paid" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you" }).first()).toBeVisible();
  await expect(pay).toContainText(`UTR you entered: ${utr}`);
  await shot(page, "pay-claimed", jsEnabled);

  await page.goto("/my/registrations");
  await expect(page.getByTestId("pay-link")).toHaveText("Complete your payment");
  await shot(page, "pay-my-registrations", jsEnabled);
});

test("an organiser sets a fee in step 2: each message, then saved", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  const { eventNumber: n } = seedRegistrationEvent({
    status: "draft",
    contactDetails: JSON.stringify([{ name: "Ravi Kumar", number: "9876543210" }]),
  });
  const org = await loginAs(context, baseURL!, { firstName: "Host" });
  await withEventDb(n, (db, id) =>
    db
      .updateTable("events")
      .set({ madeBy: org.id } as never)
      .where("id", "=", id)
      .execute(),
  );
  await page.goto(`/event/create/${n}/step2`);
  await hydrated(page, jsEnabled);
  await page.getByLabel("Fee in rupees").fill("499");
  await page.getByLabel("Hold an unpaid place for (minutes)").fill("0");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("UPI ID is required for paid events")).toBeVisible();
  await expect(page.getByText("Payee name is required")).toBeVisible();
  await expect(page.getByText("Hold must be between 1 and 1440 minutes")).toBeVisible();
  await shot(page, "fee-step2-errors", jsEnabled);
  await expect(page.getByLabel("Fee in rupees")).toHaveValue("499");
  await page.getByLabel("UPI ID").fill("fest.club@okaxis");
  await page.getByLabel("Payee name").fill("Cultural Club");
  await page.getByLabel("Hold an unpaid place for (minutes)").fill("30");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(new RegExp(`/event/create/${n}/step3`));
  const saved = await withEventDb(n, (db, id) =>
    db
      .selectFrom("events")
      .select(["fee", "upiId", "payeeName", "holdMinutes", "feePer"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow(),
  );
  expect(saved).toEqual({
    fee: 499,
    upiId: "fest.club@okaxis",
    payeeName: "Cultural Club",
    holdMinutes: 30,
    feePer: "registration",
  });
});

test("a paid place has 'Download receipt' on the payment page and in My Registrations", async ({
  page,
  context,
  baseURL,
  jsEnabled,
}) => {
  const { eventNumber: n } = seedRegistrationEvent({ ...PAID, capacity: 20 });
  await loginAs(context, baseURL!, { firstName: "Receipt" });
  await page.goto(`/event/${n}/register`);
  await page.getByLabel("Phone Number").fill("9876543210");
  await page.getByTestId("submit-register").click();
  await expect(page).toHaveURL(`/event/${n}/pay`);
  await expect(page.getByTestId("download-receipt")).toHaveCount(0);

  // The organiser confirms it (their screen is another journey): paid, with the receipt number.
  await withEventDb(n, (db, eventId) =>
    db.transaction().execute(async (trx) => {
      const event = await trx
        .selectFrom("events")
        .selectAll()
        .where("id", "=", eventId)
        .executeTakeFirstOrThrow();
      const payment = await trx
        .selectFrom("payments")
        .selectAll()
        .where("eventId", "=", eventId)
        .executeTakeFirstOrThrow();
      const at = new Date().toISOString();
      await trx
        .updateTable("payments")
        .set({
          status: "paid",
          paidAt: at,
          updatedAt: at,
          receiptNumber: await nextReceiptNumber(trx, event),
        })
        .where("id", "=", payment.id)
        .execute();
      await markPlacePaid(trx, payment);
    }),
  );

  /** Clicks the page's 'Download receipt' and reads the PDF it gave. */
  const download = async () => {
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("download-receipt").click(),
    ]);
    expect(file.suggestedFilename()).toBe(`receipt-${n}-1.pdf`);
    const pdf = new Uint8Array(await readFile((await file.path())!));
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe("%PDF-");
    const lines = await pdfTextLines(pdf);
    expect(lines).toContain(`Receipt number ${n}-1`);
    expect(lines).toContain("Amount ₹1,299");
  };

  await page.goto(`/event/${n}/pay`);
  await hydrated(page, jsEnabled);
  await expect(page.getByTestId("pay").getByRole("status")).toHaveText(
    "Paid: your place is confirmed.",
  );
  await expect(page.getByTestId("download-receipt")).toHaveText("Download receipt");
  await shot(page, "pay-paid-receipt", jsEnabled);
  await download();

  await page.goto("/my/registrations");
  await hydrated(page, jsEnabled);
  await expect(page.getByTestId("ticket-link")).toBeVisible();
  await download();
});
