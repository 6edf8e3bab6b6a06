/**
 * "Continue with Google" on /login and /signup. Placeholder until Google sign-in is wired:
 * it says so instead of failing.
 */
export function GoogleButton() {
  return (
    <p data-testid="google-signin" aria-disabled="true">
      Google sign-in is not configured.
    </p>
  );
}
