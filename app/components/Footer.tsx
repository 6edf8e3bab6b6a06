import { Link } from "@remix-run/react";
import { container } from "#app/styles/global.css";
import { CONTACT_EMAIL, PRODUCT_NAME } from "#app/utils/product";
import { InstagramIcon, LinkedInIcon, XIcon } from "./Icons";
import * as s from "./Footer.css";

const SOCIAL = [
  { href: "https://www.instagram.com/", name: "Instagram", Icon: InstagramIcon },
  { href: "https://www.linkedin.com/", name: "LinkedIn", Icon: LinkedInIcon },
  { href: "https://x.com/", name: "X", Icon: XIcon },
];

export function Footer() {
  return (
    <footer className={s.footer}>
      <div className={`${container} ${s.inner}`}>
        <nav aria-label="Footer">
          <ul className={s.links}>
            <li>
              <Link to="/privacypolicy" className={s.link}>
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/event/category" className={s.link}>
                Host Now
              </Link>
            </li>
            <li>
              <Link to="/event/search" className={s.link}>
                Search
              </Link>
            </li>
            <li>
              <a href={`mailto:${CONTACT_EMAIL}`} className={s.link}>
                Contact us
              </a>
            </li>
          </ul>
        </nav>
        <div className={s.social}>
          {SOCIAL.map(({ href, name, Icon }) => (
            <a
              key={name}
              href={href}
              className={s.link}
              aria-label={`${PRODUCT_NAME} on ${name}`}
              rel="noopener noreferrer"
            >
              <Icon />
            </a>
          ))}
        </div>
        <small>© {PRODUCT_NAME}</small>
      </div>
    </footer>
  );
}
