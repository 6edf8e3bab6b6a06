import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { PRODUCT_NAME } from "#app/utils/product";
import * as s from "./AuthLayout.css";

/** The frame of the no-layout screens (login, signup, password recovery). */
export function AuthLayout({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <main className={s.page}>
      <div className={s.panel}>
        <Link to="/" className={s.brand}>
          {PRODUCT_NAME}
        </Link>
        <h1 className={s.title}>{title}</h1>
        {children}
      </div>
    </main>
  );
}
