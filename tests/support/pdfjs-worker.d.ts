// pdfjs-dist ships no types for its worker module; tests/support/pdf.ts only hands it to pdfjs as it is.
declare module "pdfjs-dist/legacy/build/pdf.worker.mjs" {
  export const WorkerMessageHandler: unknown;
}
