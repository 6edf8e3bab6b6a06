import { useEffect, useState } from "react";

/** False in the server's HTML and until React has hydrated: for controls that need JavaScript. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
