import {
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from "react";
import { focusSpotIn, restoreFocusSpot, type FocusSpot } from "./focus-spot";

export type HandleProps = Record<string, unknown> | null;
export type SortableListProps<T extends { id: number }> = {
  items: T[];
  /** Renders one item; `handle` is null without drag and drop (server render, before hydration). */
  renderItem: (item: T, index: number, handle: HandleProps) => ReactNode;
  onReorder: (ids: number[]) => Promise<void>;
  /** The item's name, for the screen-reader announcements of a drag. */
  itemLabel: (item: T) => string;
  className?: string;
  /** The list's accessible name. */
  label?: string;
  /** What a screen reader says on reaching a drag handle; the topic list's words when absent. */
  instructions?: string;
  /** The DndContext's id: fixed, so nested lists (stories inside a topic) never share one. */
  dndId?: string;
};

// dnd-kit lives in its own chunk, loaded only on pages with a sortable list and only after hydration.
const DndList = lazy(() => import("./dnd-list"));

/**
 * A list that the server renders plainly (its items keep their up/down forms) and that becomes
 * drag-and-drop sortable, by pointer or keyboard, once the page has hydrated.
 */
export function SortableList<T extends { id: number }>(props: SortableListProps<T>) {
  const [hydrated, setHydrated] = useState(false);
  // A transition: swapping every list for its drag-and-drop version re-renders the whole table of contents,
  // and on a slow phone that must not hold up the first tap, which React answers in between.
  useEffect(() => startTransition(() => setHydrated(true)), []);
  // Where the focus was when the plain list left, for its drag-and-drop version to give back.
  const spot = useRef<FocusSpot | null>(null);
  // One boundary around both versions: in a transition React keeps the plain list in place while dnd-kit
  // loads, so its elements are replaced once, not first by a fallback of the same list.
  return (
    <Suspense fallback={<PlainList {...props} />}>
      {hydrated ? (
        <FocusGivenBack spot={spot}>
          <DndList {...(props as unknown as SortableListProps<{ id: number }>)} />
        </FocusGivenBack>
      ) : (
        <PlainList {...props} spotOnLeave={spot} />
      )}
    </Suspense>
  );
}

function PlainList<T extends { id: number }>({
  spotOnLeave,
  ...props
}: SortableListProps<T> & { spotOnLeave?: RefObject<FocusSpot | null> }) {
  const ref = useRef<HTMLOListElement>(null);
  // A layout effect's cleanup runs before React removes the list's elements, while the focus is still in them.
  useLayoutEffect(() => {
    const list = ref.current;
    return () => {
      if (spotOnLeave) spotOnLeave.current = focusSpotIn(list);
    };
  }, [spotOnLeave]);
  return (
    <ol ref={ref} className={props.className} aria-label={props.label}>
      {props.items.map((item, index) => (
        <li key={item.id}>{props.renderItem(item, index, null)}</li>
      ))}
    </ol>
  );
}

function FocusGivenBack({ spot, children }: { spot: RefObject<FocusSpot | null>; children: ReactNode }) {
  useLayoutEffect(() => {
    if (spot.current) restoreFocusSpot(spot.current);
    spot.current = null;
  }, [spot]);
  return children;
}
