import type { Mail } from "./outbox";
import { appLink, layout } from "./templates";

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
