import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";
import { UTC, type DisplayZone } from "~/lib/dates";

/** The root loader's data, from any component; undefined only while an error boundary renders without it. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** The zone dates are shown in: the server's (dates.ts). */
export function useTimeZone(): DisplayZone {
  return useRootData()?.timeZone ?? UTC;
}
