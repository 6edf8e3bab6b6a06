import type { MetaFunction } from "@remix-run/node";
import { AuthLayout } from "#app/components/accounts/AuthLayout";
import { KeptPages } from "#app/components/offline/KeptPages";
import { PRODUCT_NAME } from "#app/utils/product";

/** SPEC-3 §6's offline page: what the service worker shows for a page it cannot fetch or keep. */
export const handle = { scripts: false };

export default function Offline() {
  return (
    <AuthLayout title="You're offline">
      <KeptPages />
    </AuthLayout>
  );
}

export const meta: MetaFunction = () => [
  { title: `You're offline - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];
