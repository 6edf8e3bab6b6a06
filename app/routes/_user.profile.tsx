import type { MetaFunction } from "@remix-run/node";
import { useOptionalUser } from "~/utils/use-user";

// Placeholder screen: the accounts work replaces it with the profile form.
export default function Profile() {
  const user = useOptionalUser();
  return (
    <section>
      <h1>Profile</h1>
      <p>{user?.email}</p>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Profile" }];
