/** The avatar letter: displayName's first letter, else username's, else "U". */
export function avatarInitial(user: { displayName?: string | null; username?: string | null }): string {
  const source = user.displayName?.trim() || user.username?.trim() || "U";
  return Array.from(source)[0]!.toUpperCase();
}
