import { Link } from "@remix-run/react";
import { type Certificate, certificatePdfPath, certifiedLine } from "#server/contracts/certificate";
import { CERTIFICATE_MESSAGES as M } from "#server/contracts/certificate";
import { button } from "#app/styles/recipes.css";
import { formatDateIST } from "#app/utils/dates";
import * as s from "./Certificate.css";
import { certificateTitle } from "./labels";

/** The public verification page: is this certificate genuine, and what does it certify. */
export function CertificateView({ certificate: c }: { certificate: Certificate }) {
  const valid = !c.revoked;
  return (
    <section className={s.page} aria-labelledby="certificate-status">
      <h1 id="certificate-status" className={s.status({ valid })} data-testid="certificate-status">
        <span aria-hidden="true">{valid ? "✓" : "✕"}</span>
        {valid ? M.valid : M.revoked}
      </h1>
      <div className={s.sheet}>
        <p className={s.kind}>{certificateTitle(c)}</p>
        <p className={s.muted}>This is to certify that</p>
        <p className={s.name} data-testid="certificate-name">
          {c.recipientName}
        </p>
        <p className={s.muted}>{certifiedLine(c)}</p>
        <p className={s.event}>{c.eventName}</p>
        <p className={s.muted}>organised by {c.organisationName}</p>
        <dl className={s.facts}>
          <dt className={s.term}>Issued on</dt>
          <dd className={s.muted}>{formatDateIST(c.issuedAt)}</dd>
          <dt className={s.term}>Certificate ID</dt>
          <dd className={s.id}>{c._id}</dd>
        </dl>
      </div>
      <div className={s.actions}>
        {valid ? (
          <a href={certificatePdfPath(c._id)} className={button()} download>
            Download PDF
          </a>
        ) : null}
        <Link to={`/event/${c.eventNumber}`} className={button({ tone: "secondary" })}>
          View event
        </Link>
        {c.profile ? (
          <Link
            to={`/u/${c.profile}`}
            className={button({ tone: "secondary" })}
            data-testid="certificate-profile"
          >
            {`${c.recipientName}'s profile`}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
