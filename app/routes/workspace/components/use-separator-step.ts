import { useCallback, useRef, type RefObject } from "react";
import type { GroupImperativeHandle } from "react-resizable-panels";
import { KEYBOARD_STEP } from "~/routes/workspace/workspace-layout";

/**
 * Arrow keys on a separator move it by 10% of the width (docs/product.md §9) instead of the library's 5%. The
 * listener runs in the capture phase and marks the event handled, so the library's own one skips it;
 * the library still checks every panel's limits when the layout is set.
 */
export function useSeparatorStep(groupRef: RefObject<GroupImperativeHandle | null>, [before, after]: [string, string]) {
  const cleanup = useRef<(() => void) | null>(null);
  return useCallback(
    (element: HTMLDivElement | null) => {
      cleanup.current?.();
      cleanup.current = null;
      if (!element) return;
      const onKeyDown = (event: KeyboardEvent) => {
        const direction = event.key === "ArrowLeft" ? -1 : event.key === "ArrowRight" ? 1 : 0;
        const group = groupRef.current;
        if (!direction || !group) return;
        event.preventDefault();
        const layout = group.getLayout();
        const delta = direction * KEYBOARD_STEP;
        group.setLayout({ ...layout, [before]: (layout[before] ?? 0) + delta, [after]: (layout[after] ?? 0) - delta });
      };
      element.addEventListener("keydown", onKeyDown, true);
      cleanup.current = () => element.removeEventListener("keydown", onKeyDown, true);
    },
    [groupRef, before, after],
  );
}
