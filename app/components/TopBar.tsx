import { Form, Link } from "@remix-run/react";
import { type FormEvent, useEffect, useRef } from "react";
import { useSearchSubmit } from "#app/components/events/use-search-submit";
import { PRODUCT_NAME } from "#app/utils/product";
import type { User } from "#app/utils/user";
import { HomeIcon, SearchIcon } from "./Icons";
import { Menu } from "./Menu";
import { visuallyHidden, container } from "#app/styles/global.css";
import * as s from "./TopBar.css";

export const DEFAULT_AVATAR = "/default-avatar.svg";

/** Product name, desktop search box, home, avatar and the menu. */
export function TopBar({
  user,
  searchText,
  keep,
}: {
  user: User | null;
  searchText?: string;
  /** Filters of the current search to carry along (on the search page). */
  keep?: { type: string; mode: string };
}) {
  const search = useSearchSubmit();
  const box = useRef<HTMLInputElement>(null);
  // On the search page the box filters as you type, like the page's own box on a phone.
  const onSearchPage = !!keep;
  const onChange = onSearchPage
    ? (e: FormEvent<HTMLFormElement>) => search.soon(e.currentTarget)
    : undefined;
  const onSubmit = onSearchPage
    ? (e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        search.now(e.currentTarget);
      }
    : undefined;
  // Follow the address (the phone box, back/forward), except while someone types here.
  useEffect(() => {
    const input = box.current;
    if (input && document.activeElement !== input && input.value !== (searchText ?? ""))
      input.value = searchText ?? "";
  }, [searchText]);
  return (
    <header className={s.bar}>
      <div className={`${container} ${s.inner}`}>
        <Link to="/" className={s.brand}>
          {PRODUCT_NAME}
        </Link>
        <Form
          method="get"
          action="/event/search"
          role="search"
          className={s.search}
          onChange={onChange}
          onSubmit={onSubmit}
        >
          <label htmlFor="topbar-search" className={visuallyHidden}>
            Search events
          </label>
          <input
            ref={box}
            id="topbar-search"
            name="q"
            type="search"
            placeholder="Search events, fests, colleges"
            defaultValue={searchText}
            className={s.searchInput}
            maxLength={100}
          />
          {keep?.type ? <input type="hidden" name="type" value={keep.type} /> : null}
          {keep?.mode ? <input type="hidden" name="mode" value={keep.mode} /> : null}
          <button type="submit" className={s.iconLink} aria-label="Search">
            <SearchIcon />
          </button>
        </Form>
        <Link to="/" className={s.iconLink} aria-label="Home">
          <HomeIcon />
        </Link>
        {user ? (
          <Link to="/profile" aria-label="Profile" className={s.iconLink}>
            <img
              src={user.profileImg || DEFAULT_AVATAR}
              alt=""
              width={34}
              height={34}
              className={s.avatar}
            />
          </Link>
        ) : null}
        <Menu loggedIn={!!user} />
      </div>
    </header>
  );
}
