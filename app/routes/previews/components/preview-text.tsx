import { useId } from "react";
import { Form, Link } from "react-router";
import { useT } from "~/i18n/use-t";
import type { PreviewBlock, PreviewPage } from "~/routes/previews/preview-blocks";

/**
 * Where "Keep these words" posts (the preview's form route), with the fields that say which preview the words are in
 * and the page to come back to. Absent while a preview streams: nothing is kept that is not saved yet.
 */
type KeepAiWords = { bookId: number; fields: Record<string, string | number> };

/**
 * Words an AI server added (issue 35): shown apart from the family's, under a label, with a way to keep them. Kept,
 * they become plain text of the draft; until then the downloaded text leaves them out.
 */
function AiWords({ block, keep }: { block: Extract<PreviewBlock, { kind: "ai" }>; keep?: KeepAiWords }) {
  const t = useT();
  const id = useId();
  return (
    <div className="preview-ai">
      <p className="preview-ai-label" id={`${id}-label`}>
        {t("preview.aiWordsLabel")}
      </p>
      <p className="preview-ai-text" id={`${id}-text`}>
        {block.text}
      </p>
      <p className="preview-ai-note" id={`${id}-note`}>
        {t("preview.aiWordsNote")}
      </p>
      {keep ? (
        <Form method="post" action={`/books/${keep.bookId}/preview`} preventScrollReset>
          {Object.entries({ ...keep.fields, intent: "keep-ai", index: block.index, words: block.text }).map(
            ([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ),
          )}
          <button
            type="submit"
            className="button button-small button-secondary"
            aria-describedby={`${id}-label ${id}-text`}
          >
            {t("preview.keepAiWords")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/**
 * One page of a preview (10 blocks for a topic, 15 for the book: docs/product.md §9), as the server cut it or as
 * a generation streams it. The pages are links, so they work without JavaScript; image markers show
 * their image, or the placeholder image; the AI's own words are set apart, with `keep`'s form when it is given.
 */
export function PreviewText({
  shown,
  pageHref,
  keep,
}: {
  shown: PreviewPage;
  pageHref: (page: number) => string;
  keep?: KeepAiWords;
}) {
  const t = useT();
  return (
    <div className="preview-text">
      {shown.blocks.map((block, i) => {
        if (block.kind === "heading") {
          const Heading = block.level === 1 ? "h3" : block.level === 2 ? "h4" : "h5";
          return <Heading key={i}>{block.text}</Heading>;
        }
        if (block.kind === "ai") return <AiWords key={i} block={block} keep={keep} />;
        if (block.kind === "image") {
          return (
            <figure key={i} className="preview-figure">
              <img
                src={block.src}
                alt={t("preview.image", { description: block.description })}
                loading="lazy"
                onError={(event) => {
                  const img = event.currentTarget;
                  if (!img.src.endsWith("/api/media/render/placeholder")) img.src = "/api/media/render/placeholder";
                }}
              />
              {block.description ? <figcaption>{block.description}</figcaption> : null}
            </figure>
          );
        }
        return <p key={i}>{block.text}</p>;
      })}
      {shown.count > 1 ? (
        <nav className="pager" aria-label={t("preview.pages")}>
          {shown.page > 1 ? (
            <Link to={pageHref(shown.page - 1)} preventScrollReset>
              {t("preview.previous")}
            </Link>
          ) : null}
          <span>{t("preview.page", { page: String(shown.page), count: String(shown.count) })}</span>
          {shown.page < shown.count ? (
            <Link to={pageHref(shown.page + 1)} preventScrollReset>
              {t("preview.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
