import http from "node:http";

/**
 * A `fetch` on a connection of its own, with the Host header it is given, never following a redirect:
 * - for tests about the Host header (PUBLIC_URL, a home server's `raspberrypi.local`): Node's fetch always sends
 *   the address it connects to as Host, whatever the headers say; node:http sends the given one;
 * - for very large uploads. Making a 200 MB body can hold the test's event loop for seconds on a busy machine,
 *   past the server's keep-alive timeout: fetch then writes it on a pooled connection the server has closed
 *   meanwhile (EPIPE) before it has read that close. A connection of its own is opened when the body is ready.
 *
 * The body (a string, form fields, a multipart FormData, a Blob) is encoded as fetch would.
 */
export async function rawFetch(input: string | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input);
  const headers = new Headers(init.headers);
  const encoded = init.body == null ? null : new Response(init.body);
  const type = encoded?.headers.get("Content-Type");
  if (type && !headers.has("Content-Type")) headers.set("Content-Type", type);
  const body = encoded ? Buffer.from(await encoded.arrayBuffer()) : undefined;
  if (body !== undefined) headers.set("Content-Length", String(body.length));
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
