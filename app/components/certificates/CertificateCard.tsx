import { Link } from "@remix-run/react";
import {
  type Certificate,
  certificatePath,
  certificatePdfPath,
} from "#server/contracts/certificate";
import { button } from "#app/styles/recipes.css";
import { formatDateIST } from "#app/utils/dates";
import * as s from "./Certificate.css";
import { certificateTitle } from "./labels";

/** One certificate in /my/certificates: what it is, for which event, and its links. */
export function CertificateCard({ certificate: c }: { certificate: Certificate }) {
  return (
    <article className={s.card} data-testid="certificate-card">
      <span className={s.badge({ tone: c.revoked ? "revoked" : c.kind })}>
        {c.revoked ? "Revoked" : c.kind === "merit" ? (c.rankLabel ?? "Merit") : "Participation"}
      </span>
      <h2 className={s.cardTitle}>{c.eventName}</h2>
      <p className={s.muted}>{certificateTitle(c)}</p>
      <p className={s.muted}>
        {c.organisationName} · Issued {formatDateIST(c.issuedAt)}
      </p>
      <div className={s.cardActions}>
        <Link to={certificatePath(c._id)} className={button({ size: "sm", tone: "secondary" })}>
          View
        </Link>
        {c.revoked ? null : (
          <a href={certificatePdfPath(c._id)} className={button({ size: "sm" })} download>
            Download PDF
          </a>
        )}
      </div>
    </article>
  );
}
