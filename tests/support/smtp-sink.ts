import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A message the sink accepted: the envelope's recipients, the raw bytes, and the message as mailparser reads it. */
export type ReceivedMail = { rcptTo: string[]; raw: Buffer; parsed: ParsedMail };

/** How the sink answers the next messages: accept, refuse for now (4xx), refuse for good (5xx), or hold the data. */
type Mode = { kind: "accept" } | { kind: "refuse"; code: number; message: string } | { kind: "hold" };

/**
 * A real SMTP server for the tests (smtp-server), listening on loopback: what nodemailer sends arrives here as it would
 * at a relay. `refuse` and `hold` make it answer as a full mailbox or a stalled relay would.
 */
export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  let mode: Mode = { kind: "accept" };
  const held: (() => void)[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // A closing sink drops the app's pooled connections at once, as a restarting relay would.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const current = mode;
        if (current.kind === "refuse") {
          const error = Object.assign(new Error(current.message), { responseCode: current.code });
          return callback(error);
        }
        if (current.kind === "hold") {
          held.push(() => callback(new Error("held")));
          for (const wake of waiters.splice(0)) wake();
          return;
        }
        const raw = Buffer.concat(chunks);
        received.push({
          rcptTo: session.envelope.rcptTo.map((to) => to.address),
          raw,
          parsed: await simpleParser(raw),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const changed = () => new Promise<void>((resolve) => waiters.push(resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    accept: () => void (mode = { kind: "accept" }),
    refuse: (code: number, message: string) => void (mode = { kind: "refuse", code, message }),
    hold: () => void (mode = { kind: "hold" }),
    /** How many messages are held in the middle of their data. */
    heldCount: () => held.length,
    /** Waits until `done()` holds, checked each time a message arrives or is held. */
    async until(done: () => boolean): Promise<void> {
      while (!done()) await changed();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
