import { z } from "zod";

import { ADMIN_PAGE_SIZE, ROLES, USER_SORTS } from "./admin-filters";

const schema = z.object({
  sort: z.enum(USER_SORTS).catch("id"),
  dir: z.enum(["asc", "desc"]).catch("asc"),
  role: z.enum(ROLES).catch("all"),
  page: z.coerce.number().int().min(1).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(ADMIN_PAGE_SIZE),
});

export type UserListQuery = z.infer<typeof schema>;

/** The users table's URL state; anything unknown falls back to the default rather than failing. */
export function userListQuery(params: URLSearchParams): UserListQuery {
  return schema.parse(Object.fromEntries(params));
}
