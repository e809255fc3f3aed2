import { useState, type ChangeEvent } from "react";
import { useT } from "~/i18n/use-t";
import type { MessageKey } from "~/i18n/types";
import { showToast } from "~/lib/client-toast";
import { COVER_ACCEPT, COVER_MAX_BYTES, PRESET_COVERS, UPLOADED_COVER_PREFIX } from "~/lib/covers";

/**
 * The cover choice: two tabs (presets, upload) made of radio buttons, switched by CSS so they work
 * without JavaScript. With it, a wrong file is refused at once with the spec's message; the server
 * checks the bytes again in any case.
 */
export function CoverPicker({ current, error }: { current: string | null; error?: MessageKey }) {
  const t = useT();
  const [mode, setMode] = useState<"preset" | "upload">("preset");
  const uploaded = current?.startsWith(UPLOADED_COVER_PREFIX) ? current : null;

  function checkFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    let problem: [MessageKey, MessageKey] | null = null;
    if (!COVER_ACCEPT.split(",").includes(file.type)) problem = ["books.formatErrorTitle", "books.formatError"];
    else if (file.size > COVER_MAX_BYTES) problem = ["books.tooLargeTitle", "books.tooLarge"];
    if (problem) {
      event.currentTarget.value = "";
      showToast({ kind: "error", title: problem[0], description: problem[1] });
    }
  }

  return (
    <fieldset className="cover-picker">
      <legend>{t("books.fieldCover")}</legend>
      <div className="cover-tabs" role="radiogroup" aria-label={t("books.fieldCover")}>
        <label className="cover-tab">
          <input
            type="radio"
            name="coverMode"
            value="preset"
            checked={mode === "preset"}
            onChange={() => setMode("preset")}
          />
          {t("books.coverPresets")}
        </label>
        <label className="cover-tab">
          <input
            type="radio"
            name="coverMode"
            value="upload"
            checked={mode === "upload"}
            onChange={() => setMode("upload")}
          />
          {t("books.coverUpload")}
        </label>
      </div>
      <div className="cover-panel cover-panel-preset">
        <div className="cover-grid">
          {uploaded ? (
            <label className="cover-option">
              <input type="radio" name="coverImage" value={uploaded} defaultChecked />
              <img src={uploaded} alt={t("books.fieldCover")} width={96} height={144} />
            </label>
          ) : null}
          {PRESET_COVERS.map((src, i) => (
            <label key={src} className="cover-option">
              <input type="radio" name="coverImage" value={src} defaultChecked={current === src} />
              <img
                src={src}
                alt={t("books.coverPreset", { n: String(i + 1) })}
                width={96}
                height={144}
                loading="lazy"
              />
            </label>
          ))}
        </div>
      </div>
      <div className="cover-panel cover-panel-upload field">
        <label htmlFor="coverFile">{t("books.coverFile")}</label>
        <input
          id="coverFile"
          name="coverFile"
          type="file"
          accept={COVER_ACCEPT}
          onChange={checkFile}
          aria-describedby={error ? "coverFile-hint coverFile-error" : "coverFile-hint"}
          aria-invalid={error ? true : undefined}
        />
        <p id="coverFile-hint" className="field-hint">
          {t("books.coverFileHint")}
        </p>
      </div>
      {error ? (
        <p id="coverFile-error" className="field-error">
          {t(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
