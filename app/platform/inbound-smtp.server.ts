import { SMTPServer } from "smtp-server";

/**
 * Heirloom's own SMTP receiver (issue 37, INBOUND_SMTP_PORT), for a self-hosted install whose MX points at it. It
 * takes mail only for the reply domain (it relays nothing), within the size a reply may have, and hands each message
 * to `take`; what becomes of it is never told to the sender, who gets the same 250 either way.
 */
export function startInboundSmtp({
  port,
  host,
  domain,
  maxBytes,
  take,
}: {
  port: number;
  /** The largest message taken (the same as the relay's pipe); a larger one is refused with 552. */
  maxBytes: number;
  host: string;
  domain: string;
  /** A message's bytes, or "too-large" for one refused for its size, which is logged too. */
  take: (raw: Buffer | "too-large") => Promise<unknown>;
}): Promise<SMTPServer> {
  const server = new SMTPServer({
    // An MX takes mail from anyone, without a login; STARTTLS needs a certificate, which a proxy in front can bring.
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: maxBytes,
    logger: false,
    banner: "Heirloom",
    onRcptTo(address, _session, callback) {
      const ours = address.address.toLowerCase().endsWith(`@${domain.toLowerCase()}`);
      callback(ours ? undefined : Object.assign(new Error("No such user here"), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (stream.sizeExceeded) {
          const refused = Object.assign(new Error("Message too large"), { responseCode: 552 });
          const answer = () => callback(refused);
          take("too-large").then(answer, answer);
          return;
        }
        take(Buffer.concat(chunks)).then(
          () => callback(),
          (error: unknown) => {
            console.error("Taking an emailed reply failed", error);
            callback(Object.assign(new Error("Try again later"), { responseCode: 451 }));
          },
        );
      });
    },
  });
  server.on("error", (error) => console.error("The SMTP receiver failed", error));
  return new Promise((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}
