import { useT } from "~/i18n/use-t";
import type { SoftPicture } from "~/routes/printed-book/keepsake/keepsake-task";

/**
 * The print shop's warning (issue 38 §2): each picture that will print below 200 ppi where it is placed, shown, with
 * its page and what to do about it. Nothing when every picture is sharp enough.
 */
export function SoftPictures({ pictures }: { pictures: SoftPicture[] }) {
  const t = useT();
  if (pictures.length === 0) return null;
  return (
    <section className="stack soft-pictures" aria-labelledby="soft-pictures-title">
      <h2 id="soft-pictures-title">{t("keepsakes.softTitle")}</h2>
      <p>{t("keepsakes.softIntro")}</p>
      <ul className="stack">
        {pictures.map((picture) => (
          <li key={`${picture.mediaId}-${picture.page}`} className="soft-picture">
            {picture.mediaId === null ? (
              t("keepsakes.softCover", { ppi: String(picture.ppi) })
            ) : (
              <>
                <img
                  src={`/api/media/render/id:${picture.mediaId}?size=thumb`}
                  alt={t("keepsakes.softPhotoAlt", { page: String(picture.page) })}
                  width={96}
                  height={96}
                />
                <span>{t("keepsakes.softPhoto", { page: String(picture.page), ppi: String(picture.ppi) })}</span>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
