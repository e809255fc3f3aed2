// Business limits of SPEC §5 and §9, free of any library so the browser bundle can use them.
export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;
