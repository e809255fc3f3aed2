import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/** The root loader's data, from any component; undefined only while an error boundary renders without it. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function useTimeZone(): string {
  return useRootData()?.timeZone ?? "UTC";
}
