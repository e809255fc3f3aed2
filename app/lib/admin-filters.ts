// The admin users table's URL vocabulary, free of libraries so the page component can use it.
export const USER_SORTS = ["id", "username", "email", "firstLoginAt", "lastLoginAt"] as const;
export const ROLES = ["all", "admin", "user"] as const;
export const ADMIN_PAGE_SIZE = 20;
export type UserSort = (typeof USER_SORTS)[number];
