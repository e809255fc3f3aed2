import { useT } from "~/i18n/use-t";

const STEPS = [
  ["home.step1Title", "home.step1Text"],
  ["home.step2Title", "home.step2Text"],
  ["home.step3Title", "home.step3Text"],
] as const;

/** The three steps of getting started (docs/product.md §2 Home). */
export function GettingStarted() {
  const t = useT();
  return (
    <section aria-labelledby="guide-title">
      <h2 id="guide-title">{t("home.guideTitle")}</h2>
      <ol className="guide">
        {STEPS.map(([title, text], i) => (
          <li key={title} className="card guide-step">
            <span className="guide-number" aria-hidden="true">
              {i + 1}
            </span>
            <h3>{t(title)}</h3>
            <p>{t(text)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
