/**
 * A tiny HTTP client with a cookie jar, for talking to the real server like a browser without JS would.
 * `transport` is fetch unless a test needs to send its own Host header (tests/support/raw-http.ts). Clients given
 * one `jar` are one browser: two app processes on one host get the same cookies (tests/http/two-processes.test.ts).
 */
export function createClient(
  baseUrl: string,
  defaults: Record<string, string> = {},
  transport: (url: URL, init: RequestInit) => Promise<Response> = fetch,
  jar = new Map<string, string>(),
) {
  function remember(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attributes] = header.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) jar.delete(name!.trim());
      else jar.set(name!.trim(), value);
    }
  }

  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers({ ...defaults, ...(init.headers as Record<string, string> | undefined) });
    if (jar.size && !headers.has("Cookie")) headers.set("Cookie", [...jar].map(([k, v]) => `${k}=${v}`).join("; "));
    const response = await transport(new URL(path, baseUrl), { redirect: "manual", ...init, headers });
    remember(response);
    return response;
  }

  return {
    jar,
    request,
    get: (path: string, init: RequestInit = {}) => request(path, { ...init, method: "GET" }),
    json: (method: string, path: string, body?: unknown, init: RequestInit = {}) =>
      request(path, {
        ...init,
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: { "Content-Type": "application/json", ...(init.headers as Record<string, string> | undefined) },
      }),
    form: (path: string, fields: Record<string, string>, init: RequestInit = {}) =>
      request(path, { ...init, method: "POST", body: new URLSearchParams(fields) }),
    cookieHeader: () => [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
  };
}

export type Client = ReturnType<typeof createClient>;

export async function loginAs(client: Client, username: string, password: string) {
  const response = await client.json("POST", "/api/auth/login", { username, password, rememberMe: false });
  if (response.status !== 200)
    throw new Error(`login as ${username} failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number; username: string; isAdmin: boolean };
}

/**
 * The real server (with `env`) and two signed-in ordinary users, lan and minh, created by the admin the
 * way the admin page does: the usual start of an HTTP test about owners and strangers.
 */
export async function serverWithLanAndMinh(env: Record<string, string> = {}) {
  const { ADMIN_PASSWORD, startServer } = await import("./server");
  const server = await startServer(env);
  const admin = createClient(server.url);
  await loginAs(admin, "admin", ADMIN_PASSWORD);
  for (const name of ["lan", "minh"])
    await admin.json("POST", "/api/admin/create-user", {
      username: name,
      email: `${name}@example.com`,
      password: "secret1",
    });
  const lan = createClient(server.url);
  await loginAs(lan, "lan", "secret1");
  const minh = createClient(server.url);
  await loginAs(minh, "minh", "secret1");
  return { server, lan, minh };
}
