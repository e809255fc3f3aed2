import { useEffect } from "react";
import { useRevalidator } from "react-router";

const KEY = "heirloom:auth";

/**
 * Tells other open tabs when the signed-in user changes (login, logout), and re-checks the user
 * when another tab says so; a signed-out tab then lands on /login through its loaders.
 */
export function AuthSync({ userId }: { userId: number | null }) {
  const { revalidate } = useRevalidator();

  useEffect(() => {
    const current = userId === null ? "anonymous" : String(userId);
    if (localStorage.getItem(KEY) !== current) localStorage.setItem(KEY, current);
  }, [userId]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === KEY) void revalidate();
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [revalidate]);

  return null;
}
