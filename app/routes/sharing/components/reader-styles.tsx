import readerStyles from "~/styles/reader.css?inline";

/**
 * The shared book's stylesheet, written into the page (1.6 kB of gzip) rather than linked: a second render-blocking
 * request cost a slow phone about 100 ms before the first words. React puts it in the <head>, once.
 */
export function ReaderStyles() {
  return (
    <style href="reader" precedence="default">
      {readerStyles}
    </style>
  );
}
