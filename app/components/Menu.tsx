import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CloseIcon, MenuIcon } from "./Icons";
import * as s from "./Menu.css";

const LOGGED_IN = [
  { to: "/event/category", label: "Host Now" },
  { to: "/my/event", label: "My Events" },
  { to: "/my/registrations", label: "My Registrations" },
  { to: "/my/saved", label: "Saved" },
  { to: "/my/certificates", label: "Certificates" },
  { to: "/my/following", label: "Following" },
  { to: "/profile", label: "Profile" },
  { to: "/event/search", label: "Search Event" },
  { to: "/feedback", label: "Feedback" },
];
const LOGGED_OUT = [
  { to: "/login", label: "Login" },
  { to: "/signup", label: "Create Account" },
  { to: "/event/category", label: "Host Now" },
  { to: "/event/search", label: "Search Event" },
  { to: "/feedback", label: "Feedback" },
];

/**
 * The slide-in menu is a <details> element, so it opens and closes with no JavaScript and with
 * the keyboard. With JavaScript it also closes on Escape, on the backdrop and after navigating.
 */
export function Menu({ loggedIn }: { loggedIn: boolean }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const close = () => {
    if (ref.current) ref.current.open = false;
  };
  // Closes the menu after a navigation, not at hydration: on a slow phone the menu may have been
  // opened (it is a <details>) before the JavaScript arrived, and must stay open.
  const shownKey = useRef(location.key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the menu on every navigation (the key is the trigger)
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    close();
  }, [location.key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: close only touches the ref
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && ref.current?.open) {
        close();
        ref.current.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  const items = loggedIn ? LOGGED_IN : LOGGED_OUT;
  return (
    <details ref={ref} className={s.details} data-testid="menu">
      {/* The summary toggles the panel and, raised above it while open, closes it too. */}
      <summary className={s.summary} aria-label="Menu">
        <MenuIcon className={s.openIcon} />
        <CloseIcon className={s.closeIcon} />
      </summary>
      <div className={s.backdrop} onClick={close} aria-hidden="true" />
      <nav className={s.panel} aria-label="Main menu">
        <strong className={s.panelHead}>Menu</strong>
        {items.map((item) => (
          <Link key={item.to} to={item.to} className={s.item}>
            {item.label}
          </Link>
        ))}
      </nav>
    </details>
  );
}
