import { useEffect, useRef } from "react";

export type ImageMedia = { id: number; description: string };

/** The addresses to try, in order (docs/product.md §2): by id, then by description, then the placeholder image. */
function imageSources(media: ImageMedia, thumb: boolean): string[] {
  const byId = `/api/media/render/id:${media.id}${thumb ? "?size=thumb" : ""}`;
  const byDescription = media.description ? [`/api/media/render/${encodeURIComponent(media.description)}`] : [];
  return [byId, ...byDescription, "/api/media/render/placeholder"];
}

function tryNext(img: HTMLImageElement, sources: string[]) {
  const at = sources.indexOf(img.getAttribute("src") ?? "");
  const next = sources[at + 1];
  if (at >= 0 && next) img.setAttribute("src", next);
}

type Props = {
  media: ImageMedia;
  thumb?: boolean;
  alt: string;
  className?: string;
  width?: number;
  height?: number;
  lazy?: boolean;
};

/**
 * A story's photo that never shows as broken: when the id address fails it tries the description
 * address, then the placeholder. An image that failed before hydration (no handler yet) is caught on mount.
 */
export function MediaImage({ media, thumb = false, alt, className, width, height, lazy = true }: Props) {
  const ref = useRef<HTMLImageElement>(null);
  const sources = imageSources(media, thumb);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the state at mount needs checking
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) tryNext(img, sources);
  }, []);
  return (
    <img
      ref={ref}
      src={sources[0]}
      alt={alt}
      className={className}
      width={width}
      height={height}
      loading={lazy ? "lazy" : undefined}
      decoding="async"
      onError={(event) => tryNext(event.currentTarget, sources)}
    />
  );
}
