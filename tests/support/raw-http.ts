import http from "node:http";

/**
 * A `fetch` for tests about the Host header (PUBLIC_URL, a home server's `raspberrypi.local`): Node's fetch
 * always sends the address it connects to as Host, whatever the headers say; node:http sends the given one.
 * It takes what createClient sends (a string or URLSearchParams body) and never follows a redirect.
 */
export function rawFetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input);
  const headers = new Headers(init.headers);
  let body: string | undefined;
  if (typeof init.body === "string") body = init.body;
  else if (init.body instanceof URLSearchParams) {
    body = init.body.toString();
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/x-www-form-urlencoded;charset=UTF-8");
  } else if (init.body != null) throw new Error("rawFetch sends string and URLSearchParams bodies only");
  if (body !== undefined) headers.set("Content-Length", String(Buffer.byteLength(body)));
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: init.method ?? "GET",
        headers: Object.fromEntries(headers),
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const out = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, one);
          }
          const status = response.statusCode ?? 0;
          const noBody = status === 204 || status === 304 || init.method === "HEAD";
          resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers: out }));
        });
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
