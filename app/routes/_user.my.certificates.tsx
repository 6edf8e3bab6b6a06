import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { Certificate } from "#server/contracts/certificate";
import * as s from "#app/components/certificates/Certificate.css";
import { CertificateCard } from "#app/components/certificates/CertificateCard";
import { button } from "#app/styles/recipes.css";
import { callApi } from "#app/utils/api.server";
import { loginRedirect } from "#app/utils/guards.server";
import { PRODUCT_NAME } from "#app/utils/product";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const res = await callApi<Certificate[]>(request, context, "/my/certificates");
  if (res.status === 401) loginRedirect(request);
  if (!res.ok) throw data(res.message, { status: res.status });
  return data({ certificates: res.data }, { headers: res.headers });
}

export default function MyCertificates() {
  const { certificates } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className={s.head}>My Certificates</h1>
      {certificates.length === 0 ? (
        <div className={s.empty} data-testid="no-certificates">
          <p>No certificates yet. Organisers issue them after their events.</p>
          <Link to="/event/search" className={button()}>
            Find events
          </Link>
        </div>
      ) : (
        <ul className={s.list}>
          {certificates.map((c) => (
            <li key={c._id}>
              <CertificateCard certificate={c} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export const meta: MetaFunction = () => [
  { title: `My Certificates - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];
