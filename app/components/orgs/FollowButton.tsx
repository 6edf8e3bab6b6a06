import { useFetcher } from "@remix-run/react";
import { button } from "#app/styles/recipes.css";
import * as s from "./Org.css";

/**
 * Follow / Following (SPEC-4 §4): a real form posting to the organisation's page, so it works
 * without JavaScript (the action sends the browser back); with it a fetcher posts it and the page
 * stays where it is, showing the new state and the exact count the API answered.
 */
export function FollowButton({
  handle,
  following,
  followers,
}: {
  handle: string;
  following: boolean;
  followers: number;
}) {
  const fetcher = useFetcher<{ following: boolean; followers: number }>();
  const pending = fetcher.formData?.get("intent");
  const isFollowing = pending ? pending === "follow" : (fetcher.data?.following ?? following);
  const count = fetcher.data && !pending ? fetcher.data.followers : followers;
  const action = `/org/${handle}`;
  return (
    <form
      method="post"
      action={action}
      className={s.follow}
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        form.set("fetch", "1");
        fetcher.submit(form, { method: "post", action });
      }}
    >
      <input type="hidden" name="intent" value={isFollowing ? "unfollow" : "follow"} />
      <button
        type="submit"
        aria-pressed={isFollowing}
        className={button({ tone: isFollowing ? "secondary" : "primary" })}
        data-testid="follow"
      >
        {isFollowing ? "Following" : "Follow"}
      </button>
      <span className={s.followers} data-testid="followers" aria-live="polite">
        {count.toLocaleString("en-IN")} {count === 1 ? "follower" : "followers"}
      </span>
    </form>
  );
}
