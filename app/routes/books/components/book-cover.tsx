import { useEffect, useRef, useState } from "react";
import { fallbackCover } from "~/lib/covers";

/**
 * A book's cover. With none, or when it fails to load, the preset chosen by the book id modulo 6;
 * with no id, the generic book icon. Covers load lazily, except a `priority` one: the first thing a
 * phone shows (the first card of /books, the workspace's header), which is the page's largest paint.
 */
export function BookCover({
  bookId,
  src,
  alt,
  className = "book-cover",
  priority = false,
}: {
  bookId?: number | null;
  src?: string | null;
  alt: string;
  className?: string;
  priority?: boolean;
}) {
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
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onError={() => {
        if (url !== fallback) setFailed(true);
      }}
    />
  );
}
