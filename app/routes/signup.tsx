import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { AuthLayout } from "~/components/auth/AuthLayout";
import { GoogleButton } from "~/components/auth/GoogleButton";
import { PRODUCT_NAME } from "~/utils/product";

// Placeholder screen: the accounts work replaces it with the real form.
export default function Signup() {
  return (
    <AuthLayout title={`Sign up to ${PRODUCT_NAME}`}>
      <GoogleButton />
      <p>
        Already have an account? <Link to="/login">Login</Link>
      </p>
    </AuthLayout>
  );
}

export const meta: MetaFunction = () => [{ title: `Sign up - ${PRODUCT_NAME}` }];
