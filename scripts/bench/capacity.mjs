// What one app server serves, from the app server's own CPU time per request measured by the engines bench
// (issue 21: "the measured capacity per app server, and how many families that serves"). The server is one Node
// process, so one core; PostgreSQL runs elsewhere and is not counted here.

/**
 * A family member writing a story, at the busiest hour: the editor autosaves a second after she stops typing, so
 * about one save every 10 s, and she opens a page (her books, the workspace) about once a minute.
 */
export const WRITER = { savesPerSecond: 1 / 10, pagesPerSecond: 1 / 60 };
/** The share of a core an app server is run at, leaving room for bursts and for the work not measured here. */
export const CORE_SHARE = 0.7;
/** At the busiest hour, one family in this many has someone writing at that moment. */
export const FAMILIES_PER_WRITER = 10;

/** Writers and families one app server serves, from `measured` (the engines bench's runs on one engine). */
export function capacity(measured) {
  const pageMs = (measured.books.cpuMsPerRequest + measured.workspace.cpuMsPerRequest) / 2;
  const writerMsPerSecond = WRITER.savesPerSecond * measured.save.cpuMsPerRequest + WRITER.pagesPerSecond * pageMs;
  const writers = Math.floor((CORE_SHARE * 1000) / writerMsPerSecond);
  return {
    requestsPerCpuSecond: Object.fromEntries(
      ["books", "workspace", "save"].map((key) => [key, Math.round(1000 / measured[key].cpuMsPerRequest)]),
    ),
    writerMsPerSecond: Number(writerMsPerSecond.toFixed(3)),
    writers,
    families: writers * FAMILIES_PER_WRITER,
    assumptions: { ...WRITER, coreShare: CORE_SHARE, familiesPerWriter: FAMILIES_PER_WRITER },
  };
}
