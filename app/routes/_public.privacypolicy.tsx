import type { MetaFunction } from "@remix-run/node";
import { prose } from "#app/components/prose/Prose.css";
import { CONTACT_EMAIL, PRODUCT_NAME } from "#app/utils/product";

// Route matching is case-insensitive, so /PrivacyPolicy lands here too.
export default function PrivacyPolicy() {
  return (
    <article className={prose}>
      <h1>Privacy Policy</h1>
      <p>
        This policy explains what {PRODUCT_NAME} collects when you browse, sign up for or host
        events, how we use it, and the choices you have.
      </p>

      <h2>Information we collect</h2>
      <h3>Personal information</h3>
      <p>
        When you create an account we collect your name and e-mail address, and, if you add them to
        your profile, your gender, course, course specialisation, college name, location and profile
        picture. If you sign in with Google we receive your name, e-mail address and profile picture
        from Google.
      </p>
      <h3>Event information</h3>
      <p>
        When you host an event we store what you enter: its name, organisation, dates, rounds,
        prizes, contacts, logo, banner and brochure. Published events are public.
      </p>
      <h3>Usage information</h3>
      <p>
        Our servers record technical data such as IP address, browser type and the pages requested,
        to keep the service secure and working.
      </p>

      <h2>How we use information</h2>
      <p>
        To run your account, show and search events, send the e-mails you ask for (verification and
        password reset), prevent abuse, and improve {PRODUCT_NAME}. We do not sell your personal
        information.
      </p>

      <h2>Security</h2>
      <p>
        Passwords are stored only as strong one-way hashes, sessions use secure cookies, and access
        to data is limited. No method of transmission or storage is completely secure, but we work
        to protect your information.
      </p>

      <h2>Third-party links</h2>
      <p>
        Event pages may link to organisers&apos; websites and forms. Their privacy practices are
        their own; please read their policies.
      </p>

      <h2>Children under 13</h2>
      <p>
        {PRODUCT_NAME} is not meant for children under 13 and we do not knowingly collect their
        personal information. If you believe a child has given us information, contact us and we
        will delete it.
      </p>

      <h2>Changes to this policy</h2>
      <p>We may update this policy. The latest version is always on this page.</p>

      <h2>Contact us</h2>
      <p>
        Questions about this policy: <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>.
      </p>
    </article>
  );
}

export const meta: MetaFunction = () => [
  { title: `Privacy Policy - ${PRODUCT_NAME}` },
  {
    name: "description",
    content: `How ${PRODUCT_NAME} collects, uses and protects your information.`,
  },
];
