import { useSearchParams } from "react-router";

/** Builds a link to the same page with some query parameters changed (null removes one). */
export function useHrefWith() {
  const [params] = useSearchParams();
  return (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const search = next.toString();
    return search ? `?${search}` : "?";
  };
}
