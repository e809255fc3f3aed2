import { LOGIN_LIMITS } from "./limits";
import { createRateLimiter } from "./rate-limit.server";

const byAccountAndClient = createRateLimiter(LOGIN_LIMITS.accountAndClient);
const byAccount = createRateLimiter(LOGIN_LIMITS.account);
const byClient = createRateLimiter(LOGIN_LIMITS.client);

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
 * Asynchronous on purpose: a store shared by several processes (the database) can replace the memory
 * one behind this function, as long as it checks and counts in one atomic step as this one does.
 */
export async function admitLoginAttempt({
  accounts,
  client,
}: {
  accounts: string[];
  client: string;
}): Promise<LoginAdmission> {
  const pairs = accounts.map((account) => JSON.stringify([account, client]));
  const wait = Math.max(
    0,
    ...pairs.map((key) => byAccountAndClient.retryAfter(key)),
    ...accounts.map((key) => byAccount.retryAfter(key)),
    byClient.retryAfter(client),
  );
  if (wait > 0) return { admitted: false, retryAfterSeconds: wait };
  // No await between the check above and the counting below: parallel attempts cannot both pass.
  for (const key of pairs) byAccountAndClient.take(key);
  for (const key of accounts) byAccount.take(key);
  byClient.take(client);
  return {
    admitted: true,
    succeeded: async () => {
      for (const key of pairs) byAccountAndClient.reset(key);
      for (const key of accounts) byAccount.giveBack(key);
      byClient.giveBack(client);
    },
  };
}
