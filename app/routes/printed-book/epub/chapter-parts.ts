import fs from "node:fs/promises";
import path from "node:path";
import type { EpubZip } from "./epub-zip";
import { XHTML_END, xhtmlStart } from "./xhtml-document";

/**
 * How large one document of a chapter may grow before the next begins. Reading systems load a document whole (some
 * older ones refuse one over 300 KB), and the generator holds one in memory while it fills it: a chapter of any length
 * costs no more than this.
 */
export const PART_BYTES = 250_000;

/**
 * The documents of the book's chapters, written in spine order: blocks go into the current document until the next
 * would make it too large, then a new one starts. Each finished document is written to `workDir` and handed to the
 * zip, which reads it from there when its turn comes; only its name stays in memory.
 */
export class ChapterParts {
  /** The documents written so far, in reading order: what the spine lists. */
  readonly documents: string[] = [];
  private chapter = 0;
  private part = 0;
  private title = "";
  private blocks: string[] = [];
  private bytes = 0;

  constructor(
    private readonly zip: EpubZip,
    private readonly workDir: string,
    private readonly language: string,
  ) {}

  /** Starts a chapter in a document of its own; its title names each of its documents. */
  async startChapter(title: string): Promise<void> {
    await this.close();
    this.chapter += 1;
    this.part = 0;
    this.title = title;
  }

  /** Adds a block, and answers the document it is in. */
  async add(block: string): Promise<string> {
    const size = Buffer.byteLength(block);
    if (this.blocks.length && this.bytes + size > PART_BYTES) await this.close();
    if (!this.blocks.length) this.part += 1;
    this.blocks.push(block);
    this.bytes += size;
    return this.href();
  }

  /** Writes out the document being filled, if any. */
  async close(): Promise<void> {
    if (!this.blocks.length) return;
    const href = this.href();
    const file = path.join(this.workDir, href);
    const start = xhtmlStart({ language: this.language, title: this.title, bodyType: "bodymatter" });
    await fs.writeFile(file, [start, ...this.blocks, XHTML_END].join(""));
    this.zip.addFile(file, href, true);
    this.documents.push(href);
    this.blocks = [];
    this.bytes = 0;
  }

  private href(): string {
    return `chapter-${this.chapter}-${this.part}.xhtml`;
  }
}
