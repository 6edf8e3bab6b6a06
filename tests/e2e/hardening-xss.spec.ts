import type { APIRequestContext } from "@playwright/test";
import { expect, signedInTest } from "./fixtures";
import { randomEventNumber, testFile } from "./steps";

/**
 * Known XSS and mutation-XSS payloads posted straight to the API as an event's About (and in its
 * name, which also lands in JSON-LD and meta tags); the published event page runs none of them.
 */
const PAYLOADS = [
  "<script>window.__xss='script'</script>",
  "<img src=x onerror=\"window.__xss='img'\">",
  "<svg onload=\"window.__xss='svg'\"><script>window.__xss='svg-script'</script></svg>",
  "<a href=\"javascript:window.__xss='href'\">click</a>",
  "<a href=\"  JaVaScRiPt:window.__xss='href2'\">click</a>",
  "<a href=\"java&#x09;script:window.__xss='href3'\">tab</a>",
  "<a href=\"&#106;avascript:window.__xss='href4'\">ent</a>",
  '<a href="data:text/html,<script>alert(1)</script>">data</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  "<iframe srcdoc=\"<script>parent.__xss='srcdoc'</script>\"></iframe>",
  "<iframe src=\"javascript:parent.__xss='iframe'\"></iframe>",
  "<object data=\"javascript:window.__xss='object'\"></object><embed src=\"javascript:window.__xss='embed'\">",
  "<details open ontoggle=\"window.__xss='details'\"><summary>x</summary></details>",
  "<body onload=\"window.__xss='body'\">",
  "<base href=\"javascript:window.__xss='base'//\">",
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=\'meta\'">',
  "<link rel=stylesheet href=\"javascript:window.__xss='link'\">",
  "<style>@import 'javascript:alert(1)';</style>",
  '<p style="background:url(javascript:alert(1))" onclick="window.__xss=\'style\'">styled</p>',
  "<form action=\"javascript:window.__xss='form'\"><button>go</button></form>",
  "<input autofocus onfocus=\"window.__xss='input'\">",
  "<template><script>window.__xss='template'</script></template>",
  "<scr<script>ipt>window.__xss='split'</scr</script>ipt>",
  // mutation XSS: markup that changes meaning when a parser re-serialises it
  "<noscript><p title=\"</noscript><img src=x onerror=window.__xss='mx1'>\"></noscript>",
  "<svg></p><style><a id=\"</style><img src=1 onerror=window.__xss='mx2'>\">",
  "<math><mtext><table><mglyph><style><img src=x onerror=window.__xss='mx3'>",
  "<form><math><mtext></form><form><mglyph><style></math><img src onerror=window.__xss='mx4'>",
  "<math><mi><mglyph><svg><mtext><textarea><path id=\"</textarea><img onerror=window.__xss='mx5' src=1>\">",
  "<svg><![CDATA[><img src=x onerror=window.__xss='mx6'>]]></svg>",
  "<!--<img src=\"--><img src=x onerror=window.__xss='mx7'>\">",
  "<xmp><img src=x onerror=window.__xss='mx8'></xmp>",
];
const NAME =
  "Fest</script><script>window.__xss='name'</script><img src=x onerror=window.__xss='name2'>";

async function publishedEvent(request: APIRequestContext): Promise<string> {
  let n = "";
  for (;;) {
    n = randomEventNumber();
    const res = await request.post(`/api/v1/event/create/${n}/step1`, {
      multipart: {
        eventType: "Fest",
        eventName: NAME,
        organisationName: 'IIT Delhi "><svg onload=alert(1)>',
        modeOfEvent: "Online",
        eventLogo: testFile("logo.png"),
      },
    });
    if (res.status() === 409) continue;
    expect(res.status(), await res.text()).toBe(200);
    break;
  }
  const ok = async (res: Awaited<ReturnType<APIRequestContext["post"]>>) =>
    expect(res.status(), await res.text()).toBe(200);
  const soon = (days: number) =>
    new Date(Date.now() + days * 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 16);
  await ok(
    await request.post(`/api/v1/event/create/${n}/step2`, {
      data: {
        participationType: "individual",
        startDate: soon(1),
        endDate: soon(10),
        contactDetails: [{ name: "Ravi Kumar", number: "9876543210" }],
      },
    }),
  );
  await ok(
    await request.post(`/api/v1/event/create/${n}/step3/eventBanner`, {
      multipart: { eventBanner: testFile("banner.png") },
    }),
  );
  await ok(
    await request.post(`/api/v1/event/create/${n}/step3/aboutEvent`, {
      data: { aboutEvent: `<h2>About</h2><p>Safe text</p>${PAYLOADS.join("")}` },
    }),
  );
  await ok(
    await request.post(`/api/v1/event/create/${n}/step3/importantDate`, {
      data: {
        importantDates: [{ dateTitle: "<img src=x onerror=alert(1)>", date: soon(5) }],
        contactDetails: [{ name: "Ravi Kumar", number: "9876543210" }],
      },
    }),
  );
  await ok(
    await request.post(`/api/v1/event/create/${n}/step3/rounds`, {
      data: {
        rounds: [
          {
            title: "<script>alert(1)</script>",
            description: "<img src=x onerror=alert(1)>",
            startDate: soon(5),
            endDate: soon(6),
            isEliminatorRound: "true",
          },
        ],
      },
    }),
  );
  await ok(
    await request.post(`/api/v1/event/create/${n}/step3/prizes`, {
      data: { prizes: [{ rank: 1, cashAmount: 5000 }] },
    }),
  );
  await ok(await request.get(`/api/v1/event/create/${n}/step3/activateEvent`));
  return n;
}

signedInTest(
  "XSS and mXSS payloads in a published event never run on its page",
  async ({ page, context, jsEnabled }) => {
    const n = await publishedEvent(page.request);
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });

    await context.clearCookies(); // a visitor
    const res = await page.goto(`/event/${n}`);
    expect(res!.status()).toBe(200);
    const about = page.getByTestId("about");
    await expect(about).toContainText("Safe text");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("</script>");

    // The About as rendered: nothing that runs, loads a frame or re-parses into something that does.
    const html = await about.innerHTML();
    expect(html).not.toMatch(
      /<(script|iframe|object|embed|base|meta|link|style|form|input|button|svg|math|template|noscript|xmp|textarea|img|details|body)\b/i,
    );
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/(javascript|vbscript|data):/i);
    expect(html).not.toMatch(/style=/i);
    for (const href of await about
      .locator("a")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""))
      .catch(() => [])) {
      expect(href).toMatch(/^(https?:|mailto:|\/|#|$)/);
    }

    // The whole page: only our own scripts (with the response's nonce) and the JSON-LD block.
    const page_html = await res!.text();
    const nonce = /'nonce-([^']+)'/.exec(res!.headers()["content-security-policy"])![1];
    for (const tag of page_html.match(/<script\b[^>]*>/g) ?? []) {
      if (/type="application\/ld\+json"/.test(tag)) continue;
      expect(tag).toContain(`nonce="${nonce}"`);
    }
    for (const block of page_html.match(
      /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g,
    ) ?? []) {
      const json = block.replace(/^<script[^>]*>/, "").replace(/<\/script>$/, "");
      expect(json).not.toMatch(/<\/?script/i);
      expect(() => JSON.parse(json)).not.toThrow();
    }
    // As the browser parsed it: no handler attribute anywhere, no script but ours (nonce) and the
    // JSON-LD. Ours carry the payloads only as data inside JSON strings (escaped '<').
    const handlers = [
      "onerror",
      "onload",
      "onfocus",
      "ontoggle",
      "onclick",
      "onmouseover",
      "onanimationstart",
      "onbegin",
    ];
    expect(await page.locator(handlers.map((h) => `[${h}]`).join(", ")).count()).toBe(0);
    const scripts = page.locator("script");
    for (let i = 0; i < (await scripts.count()); i++) {
      const type = await scripts.nth(i).getAttribute("type");
      const text = (await scripts.nth(i).textContent()) ?? "";
      if (type !== "application/ld+json")
        expect(await scripts.nth(i).getAttribute("nonce"), text.slice(0, 80)).not.toBeNull();
    }
    expect(
      await page
        .locator(
          "iframe, object, embed, base, form[action^='javascript' i], [href^='javascript' i], [src^='javascript' i]",
        )
        .count(),
    ).toBe(0);

    if (jsEnabled) {
      // Give any handler a chance (focus, toggle, load), then look.
      await page.mouse.move(10, 10);
      await page.keyboard.press("Tab");
      await page.waitForTimeout(300);
      expect(
        await page.evaluate(() => (window as unknown as { __xss?: string }).__xss ?? null),
      ).toBeNull();
    }
    expect(dialogs).toEqual([]);
    expect(violations).toEqual([]);
    await page.screenshot({
      path: `/tmp/hardening-xss-${jsEnabled ? "js" : "nojs"}.png`,
      fullPage: false,
    });
  },
);
