import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import QRCode from "qrcode";
import { connectDb } from "#server/db/connect";
import { expect, test } from "./fixtures";
import { seedCheckInEvent } from "./check-in-seed";
import { dbFile, signInAs } from "./session";

/** A Y4M video (two frames, 640 x 480, 4:2:0) of `text` as a QR code, for Chromium's fake camera. */
function qrVideo(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const W = 640;
  const H = 480;
  const scale = Math.floor(440 / (modules.size + 8));
  const left = Math.floor((W - modules.size * scale) / 2);
  const top = Math.floor((H - modules.size * scale) / 2);
  const y = Buffer.alloc(W * H, 235);
  for (let r = 0; r < modules.size; r++)
    for (let c = 0; c < modules.size; c++)
      if (modules.get(r, c))
        for (let dy = 0; dy < scale; dy++)
          y.fill(
            16,
            (top + r * scale + dy) * W + left + c * scale,
            (top + r * scale + dy) * W + left + (c + 1) * scale,
          );
  const chroma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, chroma]);
  const file = path.join(os.tmpdir(), `utsav-qr-${process.pid}-${Date.now()}.y4m`);
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F5:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
  return file;
}

async function checkedIn(eventNumber: string) {
  const db = connectDb({ sqlitePath: dbFile() });
  try {
    return await db
      .selectFrom("checkIns as c")
      .innerJoin("events as e", "e.id", "c.eventId")
      .innerJoin("users as u", "u.id", "c.userId")
      .select("u.firstName")
      .where("e.eventNumber", "=", eventNumber)
      .orderBy("u.firstName")
      .execute();
  } finally {
    await db.destroy();
  }
}

test("the camera scans a ticket's QR; offline, a code is checked on the device, queued and synced", async ({
  page,
  baseURL,
  jsEnabled,
  browser,
  launchOptions,
  organiser: org,
}) => {
  const { eventNumber, people } = await seedCheckInEvent(org.id, ["Anil", "Bela"]);
  if (!jsEnabled) {
    // Without JavaScript: no camera, the code form and the list.
    await page.goto(`/my/event/${eventNumber}/check-in`);
    await expect(page.getByTestId("ticket-code")).toBeVisible();
    await expect(page.getByTestId("camera")).toHaveCount(0);
    return;
  }
  const tickets = [];
  for (const p of people) {
    const c = await browser.newContext();
    await signInAs(c, baseURL!, p.id);
    tickets.push(
      await (await c.request.get(`${baseURL}/api/v1/event/${eventNumber}/ticket`)).json(),
    );
    await c.close();
  }
  const video = qrVideo(tickets[0].code);
  const camera = await chromium.launch({
    executablePath: launchOptions.executablePath,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const gate = await camera.newContext({ baseURL, permissions: ["camera"] });
    await signInAs(gate, baseURL!, org.id);
    const p = await gate.newPage();
    await p.goto(`/my/event/${eventNumber}/check-in`);
    await expect(p.getByTestId("scan-result")).toHaveText(
      /Checked in: Anil Gate|Already checked in/,
      {
        timeout: 20_000,
      },
    );
    expect(await checkedIn(eventNumber)).toEqual([{ firstName: "Anil" }]);
    await gate.setOffline(true);
    await p
      .getByTestId("scan-result")
      .click()
      .catch(() => {});
    await p.getByTestId("ticket-code").fill(tickets[1].code);
    await p.getByTestId("ticket-code").press("Enter");
    await expect(p.getByTestId("waiting")).toHaveText("Offline: 1 scans waiting");
    expect(await checkedIn(eventNumber)).toEqual([{ firstName: "Anil" }]);
    await gate.setOffline(false);
    await expect(p.getByTestId("waiting")).toHaveCount(0);
    expect(await checkedIn(eventNumber)).toEqual([{ firstName: "Anil" }, { firstName: "Bela" }]);
    await gate.close();
  } finally {
    await camera.close();
  }
});
