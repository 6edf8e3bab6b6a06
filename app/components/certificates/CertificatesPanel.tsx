import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import {
  CERTIFICATE_MESSAGES as M,
  type Certificate,
  certificatePath,
} from "#server/contracts/certificate";
import { FormRefusal } from "#app/components/Field";
import { button } from "#app/styles/recipes.css";
import * as s from "./Certificate.css";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";

/**
 * The organiser's certificates section: issue participation or merit certificates once
 * registration has closed, and revoke one. Real forms; the page's action handles both intents.
 */
export function CertificatesPanel({
  certificates,
  closed,
  lastResult,
  busy,
}: {
  certificates: Certificate[];
  closed: boolean;
  lastResult?: SubmissionResult<string[]> | null;
  busy: boolean;
}) {
  const [form] = useForm({
    id: "issue-certificates",
    lastResult,
    constraint: useFormConstraint("issueCertificates"),
    shouldValidate: "onSubmit",
    onValidate: useFormValidation("issueCertificates", {}),
  });
  return (
    <section id="certificates" className={s.panel} aria-labelledby="certificates-title">
      <h2 id="certificates-title" className={s.panelTitle}>
        Certificates
      </h2>
      {closed ? (
        <Form method="post" {...getFormProps(form)} className={s.issue}>
          <input type="hidden" name="intent" value="certificates" />
          <p className={s.muted}>
            Participation: everyone in an individual registration or a complete team. Merit: every
            member of a winning registration, with their prize rank. Each person is mailed a link;
            issuing again only adds who is missing.
          </p>
          <FormRefusal errors={form.errors} id={form.errorId} />
          <div className={s.cardActions}>
            <button
              type="submit"
              name="kind"
              value="participation"
              className={button()}
              disabled={busy}
            >
              Issue participation certificates
            </button>
            <button
              type="submit"
              name="kind"
              value="merit"
              className={button({ tone: "secondary" })}
              disabled={busy}
            >
              Issue merit certificates
            </button>
          </div>
        </Form>
      ) : (
        <p className={s.muted} data-testid="certificates-not-yet">
          {M.notYet}.
        </p>
      )}
      {certificates.length > 0 ? (
        <ul className={s.rows} aria-label="Issued certificates">
          {certificates.map((c) => (
            <li key={c._id} className={s.row} data-testid="issued-certificate">
              <span className={s.rowName}>
                <Link to={certificatePath(c._id)}>{c.recipientName}</Link>
              </span>
              <span className={s.badge({ tone: c.revoked ? "revoked" : c.kind })}>
                {c.revoked ? "Revoked" : c.kind === "merit" ? c.rankLabel : "Participation"}
              </span>
              {c.revoked ? null : (
                <Form method="post" className={s.rowAction}>
                  <input type="hidden" name="intent" value="revoke-certificate" />
                  <input type="hidden" name="id" value={c._id} />
                  <button
                    type="submit"
                    className={button({ tone: "ghost", size: "sm" })}
                    aria-label={`Revoke the certificate of ${c.recipientName}`}
                    disabled={busy}
                  >
                    Revoke
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
