import type { Mail } from "./outbox";
import { appLink, layout, PRODUCT } from "./templates";

/** The one mail each recipient gets when their certificate is issued: a link to it. */
export function certificateMail(
  appUrl: string,
  to: { email: string; firstName: string },
  certificate: {
    id: string;
    kind: "participation" | "merit";
    eventName: string;
    rankLabel: string | null;
  },
): Mail {
  const url = appLink(appUrl, `/certificate/${certificate.id}`);
  const what =
    certificate.kind === "merit" && certificate.rankLabel
      ? `a certificate of merit (${certificate.rankLabel})`
      : "a certificate of participation";
  const lines = [
    `Hello ${to.firstName},`,
    `You have been issued ${what} for ${certificate.eventName}.`,
    `Open it, download the PDF or share the link: anyone with it can check that it is genuine. All your certificates are under Certificates in your ${PRODUCT} menu.`,
  ];
  return {
    to: to.email,
    subject: `Your certificate for ${certificate.eventName}`,
    text: `${lines.join("\n\n")}\n\nYour certificate: ${url}\n`,
    html: layout(lines, { label: "View certificate", url }),
  };
}
