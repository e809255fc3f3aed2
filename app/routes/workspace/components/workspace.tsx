import { Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import { PreviewPanel, type PreviewState } from "~/routes/previews/components/preview-panel";
import type { TocStory, TocTopic } from "~/routes/workspace/components/toc/topic-list";
import { hydratingServerPage } from "~/hooks/use-page-hydration";
import { useT } from "~/i18n/use-t";
import type { WorkspaceLayout } from "~/routes/workspace/workspace-layout";
import { TocPanel } from "./toc-panel";
import { TocRail } from "./toc-rail";
import { useEditorFocusOnOpen } from "./use-editor-focus";
import { useFocusRecovery } from "./use-focus-recovery";
import { useBookPreviewAction, useEditorParamsRemoved } from "./use-workspace-address";
import { WorkspacePanels } from "./workspace-panels";

type Props = {
  bookId: number;
  layout: WorkspaceLayout;
  topics: (TocTopic & { archived: boolean; hasPreview: boolean })[];
  stories: TocStory[];
  previewState: PreviewState;
  /** The story or topic editor, or its empty state. */
  editor: ReactNode;
};

/**
 * The book workspace below its header: contents, editor and preview. Wide screens get the resizable
 * panels; narrow ones the stacked cards, where the preview can be hidden.
 */
export function Workspace({ bookId, layout, topics, stories, previewState, editor }: Props) {
  const t = useT();
  // The preview's toggle needs scripts: shown once hydrated, or at once on a page reached by a link, where its late
  // arrival would push the editor down after it had been brought into view (useEditorFocusOnOpen).
  const [hydrated, setHydrated] = useState(() => !hydratingServerPage());
  const [previewHidden, setPreviewHidden] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEditorParamsRemoved();
  useBookPreviewAction(bookId);
  useFocusRecovery();
  // After useFocusRecovery: an editor opened by a link takes the focus from the heading that hook may have chosen.
  useEditorFocusOnOpen();
  // The panels are one memoised element: hiding the preview then re-renders the shell and its button, not
  // every panel (on a slow phone a full re-render delayed the toggle's answer by about a second).
  // Each panel's content is a Suspense boundary, so React hydrates the page's shell first and the panels
  // after it, one by one, answering taps in between, and first wherever the user taps (ADR 17). The server
  // sends every boundary in place (entry.server.tsx), so nothing changes without JavaScript.
  const panels = useMemo(() => {
    const active = topics.filter((topic) => !topic.archived);
    const archived = topics.filter((topic) => topic.archived);
    return (
      <WorkspacePanels
        layout={layout}
        toc={(controls) => (
          <Suspense>
            {controls.rail ? (
              <TocRail bookId={bookId} topics={active} controls={controls} />
            ) : (
              <TocPanel bookId={bookId} topics={active} archived={archived} stories={stories} controls={controls} />
            )}
          </Suspense>
        )}
        editor={<Suspense>{editor}</Suspense>}
        preview={
          <Suspense>
            <PreviewPanel bookId={bookId} topics={active} state={previewState} />
          </Suspense>
        }
      />
    );
  }, [bookId, layout, topics, stories, previewState, editor]);

  return (
    <div className={`workspace-shell${previewHidden ? " preview-hidden" : ""}`}>
      {hydrated ? (
        <button
          type="button"
          className="button button-secondary preview-toggle"
          aria-pressed={!previewHidden}
          onClick={() => setPreviewHidden((hidden) => !hidden)}
        >
          {previewHidden ? t("workspace.showPreview") : t("workspace.hidePreview")}
        </button>
      ) : null}
      {panels}
    </div>
  );
}
