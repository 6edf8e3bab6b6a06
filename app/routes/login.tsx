import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { AuthLayout } from "~/components/auth/AuthLayout";
import { GoogleButton } from "~/components/auth/GoogleButton";
import { PRODUCT_NAME } from "~/utils/product";

// Placeholder screen: the accounts work replaces it with the real form.
export default function Login() {
  return (
    <AuthLayout title="Login your account">
      <GoogleButton />
      <p>
        New here? <Link to="/signup">Create an account</Link>
      </p>
    </AuthLayout>
  );
}

export const meta: MetaFunction = () => [{ title: `Login - ${PRODUCT_NAME}` }];
