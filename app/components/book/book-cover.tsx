import { useEffect, useRef, useState } from "react";
import { fallbackCover } from "~/lib/covers";

/**
 * A book's cover. With none, or when it fails to load, the preset chosen by the book id modulo 6;
 * with no id, the generic book icon.
 */
export function BookCover({ bookId, src, alt, className = "book-cover" }: { bookId?: number | null; src?: string | null; alt: string; className?: string }) {
  const fallback = fallbackCover(bookId);
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);

  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0 && src) setFailed(true);
  }, [src]);

  const url = !src || failed ? fallback : src;
  return (
    <img
      ref={ref}
      className={className}
      src={url}
      alt={alt}
      width={240}
      height={360}
      loading="lazy"
      decoding="async"
      onError={() => {
        if (url !== fallback) setFailed(true);
      }}
    />
  );
}
