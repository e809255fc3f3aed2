import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";

const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`;

/** Where the book's files sit in the zip: beside the package document that lists them. */
const CONTENT_DIR = "EPUB";

/**
 * An EPUB's zip as it is written: `mimetype` first, stored and without the extra field of a timestamp (OCF), then
 * the container that points at the package document. Files are added by path and read only when the zip reaches
 * them, so that the book's parts wait on disk, never in memory, however far behind the writing is.
 */
export class EpubZip {
  private readonly zip = new yazl.ZipFile();
  private readonly written: Promise<void>;

  constructor(file: string) {
    this.written = pipeline(this.zip.outputStream, fs.createWriteStream(file, { mode: 0o600 }));
    // Awaited in finish(); without a handler here a failing disk would also be an unhandled rejection meanwhile.
    this.written.catch(() => {});
    // A file that cannot be read when the zip reaches it (yazl's "error") fails the book instead of the process.
    this.zip.on("error", (error: Error) => this.output().destroy(error));
    this.zip.addBuffer(Buffer.from("application/epub+zip", "ascii"), "mimetype", {
      compress: false,
      forceDosTimestamp: true,
    });
    this.zip.addBuffer(Buffer.from(CONTAINER), "META-INF/container.xml");
  }

  /** A small document made in memory (the package document, the navigation, the style sheet). */
  addText(text: string, href: string): void {
    this.zip.addBuffer(Buffer.from(text), `${CONTENT_DIR}/${href}`);
  }

  /** A file on disk; pictures, sound and fonts are compressed already and are stored as they are. */
  addFile(file: string, href: string, compress: boolean): void {
    this.zip.addFile(file, `${CONTENT_DIR}/${href}`, { compress });
  }

  /** Writes the zip's directory and waits until the whole file is on disk. */
  async finish(): Promise<void> {
    this.zip.end();
    await this.written;
  }

  /** Stops writing a book that failed: its file is left incomplete, for the caller to remove. */
  abort(): void {
    this.output().destroy();
  }

  private output() {
    return this.zip.outputStream as NodeJS.ReadableStream & { destroy(error?: Error): void };
  }
}
