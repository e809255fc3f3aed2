import { LOGIN_LIMITS } from "~/lib/limits";
import { admitAttempt, type Counted, forgetAttempts, giveBackAttempt } from "~/models/rate-limit.server";

export type LoginAdmission =
  | { admitted: false; retryAfterSeconds: number }
  /** `succeeded` after the password was right: the attempt is given back and the pair's failures forgiven. */
  | { admitted: true; succeeded: () => Promise<void> };

/**
 * Admits one sign-in attempt, counting it before its password is checked: the check is slow (argon2)
 * and asynchronous, so guesses sent at once that were only counted when they failed all got checked.
 * `accounts` are the keys of the account the name means (two only for names that collided before
 * names became one namespace); `client` is the client address.
 *
 * The counts are kept in the database (ADR 0031), checked and counted in one transaction: every app process
 * sharing it counts the same attempts, and a restart forgives none.
 */
export async function admitLoginAttempt({
  accounts,
  client,
}: {
  accounts: string[];
  client: string;
}): Promise<LoginAdmission> {
  const pairs: Counted[] = accounts.map((account) => ({
    scope: "login:pair",
    key: JSON.stringify([account, client]),
    ...LOGIN_LIMITS.accountAndClient,
  }));
  const byAccount: Counted[] = accounts.map((key) => ({ scope: "login:account", key, ...LOGIN_LIMITS.account }));
  const byClient: Counted = { scope: "login:client", key: client, ...LOGIN_LIMITS.client };
  const wait = await admitAttempt([...pairs, ...byAccount, byClient]);
  if (wait > 0) return { admitted: false, retryAfterSeconds: wait };
  return {
    admitted: true,
    succeeded: async () => {
      for (const pair of pairs) await forgetAttempts(pair);
      for (const account of byAccount) await giveBackAttempt(account);
      await giveBackAttempt(byClient);
    },
  };
}
