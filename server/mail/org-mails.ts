import type { Mail } from "./outbox";
import { appLink, escapeHtml, layout } from "./templates";

/** Mails of SPEC-4 §4: an invitation to administer an organisation, and a verification link. */
interface OrgNamed {
  handle: string;
  name: string;
}

export function orgInviteMail(
  appUrl: string,
  to: string,
  org: OrgNamed,
  invitedBy: string,
  token: string,
  days: number,
): Mail {
  const url = appLink(appUrl, `/org-invite/${token}`);
  const lines = [
    "Hello,",
    `${invitedBy} invited you to be an admin of ${org.name} on Utsav: you will run its page and all of its events.`,
    `The invitation lasts ${days} days. Sign in (or sign up) with this e-mail address to accept it.`,
  ];
  return {
    to,
    subject: `Become an admin of ${org.name}`,
    text: `${lines.join("\n\n")}\n\nSee the invitation: ${url}\n`,
    html: layout(lines, { label: "See the invitation", url }),
  };
}

export function orgVerifyMail(
  appUrl: string,
  to: string,
  org: OrgNamed,
  token: string,
  hours: number,
): Mail {
  const url = appLink(appUrl, `/org-verify/${token}`);
  const domain = to.slice(to.lastIndexOf("@") + 1);
  const lines = [
    "Hello,",
    `Open this link to show ${org.name} as verified at ${domain} on Utsav.`,
    `It works for ${hours} hours, opened while signed in as the admin who asked for it. If you did not ask for it, ignore this mail.`,
  ];
  return {
    to,
    subject: `Verify ${org.name} on Utsav`,
    text: `${lines.join("\n\n")}\n\nVerify: ${url}\n`,
    html: layout(lines, { label: `Verify ${org.name}`, url }),
  };
}

export interface DigestEvent {
  eventNumber: string;
  eventName: string | null;
  orgName: string;
  endDate: string | null;
}

/**
 * The followers' daily digest (SPEC-4 §4): 'New events from {orgName}', or 'New events from clubs
 * you follow' when several published; a one-click unsubscribe as reminders have (RFC 8058).
 */
export function digestMail(
  appUrl: string,
  to: { email: string; firstName: string },
  events: DigestEvent[],
  unsubscribe: string,
  closes: (iso: string) => string,
): Mail {
  const orgs = [...new Set(events.map((e) => e.orgName))];
  const subject =
    orgs.length === 1 ? `New events from ${orgs[0]}` : "New events from clubs you follow";
  const items = events.map((e) => ({
    line: `${e.eventName ?? "An event"} by ${e.orgName}${e.endDate ? `, registration closes ${closes(e.endDate)}` : ""}`,
    url: appLink(appUrl, `/event/${e.eventNumber}`),
  }));
  const intro = [`Hello ${to.firstName},`, "New events from organisations you follow on Utsav:"];
  const footer = "You get this because you follow these organisations on Utsav.";
  const text = [
    intro.join("\n\n"),
    items.map((i) => `- ${i.line}\n  ${i.url}`).join("\n"),
    `${footer} Stop these e-mails: ${unsubscribe}`,
  ].join("\n\n");
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1b1b24">
${intro.map((l) => `<p>${escapeHtml(l)}</p>`).join("\n")}
<ul>${items.map((i) => `<li><a href="${escapeHtml(i.url)}">${escapeHtml(i.line)}</a></li>`).join("")}</ul>
<p style="color:#666;font-size:13px">${escapeHtml(footer)} <a href="${escapeHtml(unsubscribe)}">Stop these e-mails</a></p>
</body></html>`;
  return {
    to: to.email,
    subject,
    text: `${text}\n`,
    html,
    headers: {
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
