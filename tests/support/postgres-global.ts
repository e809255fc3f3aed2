import type { TestProject } from "vitest/node";
import { startPostgres } from "./postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** The throwaway PostgreSQL of a `*-pg` suite; each test file makes a database of its own on it (unit-setup). */
    postgresUrl: string;
  }
}

/** A `*-pg` suite's PostgreSQL: started once before its files run, stopped and removed after. */
export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide("postgresUrl", server.url);
  return () => server.stop();
}
