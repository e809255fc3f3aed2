import { useT } from "~/i18n/use-t";
import { KeepsakeProgressText } from "./keepsake-progress";
import { SoftPictures } from "./soft-pictures";
import type { KeepsakePageState } from "./use-keepsake-download";

/**
 * Under a download form with JavaScript (issue 38): how far the keepsake has got, then that it is ready, with its
 * file in case the browser did not save it and, for the print shop, the pictures that will print soft.
 */
export function KeepsakeStatus({ state }: { state: KeepsakePageState | null }) {
  const t = useT();
  return (
    <>
      <div role="status" className="keepsake-status">
        {state?.status === "preparing" ? <KeepsakeProgressText progress={state} /> : null}
        {state?.status === "ready" ? (
          <>
            <span>{t("keepsakes.readyTitle")}</span>{" "}
            <a href={state.href} download>
              {t("keepsakes.download")}
            </a>
          </>
        ) : null}
        {state?.status === "failed" ? <span className="field-error">{state.message}</span> : null}
      </div>
      {state?.status === "ready" ? <SoftPictures pictures={state.softPictures} /> : null}
    </>
  );
}
