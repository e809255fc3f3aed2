import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Active,
  type DragEndEvent,
  type Over,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useId, useState, type ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { showToast } from "~/lib/client-toast";
import type { SortableListProps } from "./sortable-list";

function SortableItem({ id, children }: { id: number; children: (handle: Record<string, unknown>) => ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={isDragging ? "is-dragging" : undefined}
    >
      {children({ ...attributes, ...listeners })}
    </li>
  );
}

/** The drag-and-drop version of SortableList: optimistic, and put back with 'Update failed' on failure. */
export default function DndList({
  items,
  renderItem,
  onReorder,
  className,
  itemLabel,
  label: listLabel,
  instructions,
  dndId,
}: SortableListProps<{ id: number }>) {
  const t = useT();
  // The items as given, except while a new order is being saved: then that order, optimistically.
  const [pending, setPending] = useState<UniqueIdentifier[] | null>(null);
  const byId = new Map(items.map((item) => [item.id as UniqueIdentifier, item]));
  const order = pending ? pending.map((itemId) => byId.get(itemId)).filter((item) => item !== undefined) : items;
  const generatedId = useId();
  const id = dndId ?? generatedId;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  async function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const next = arrayMove(
      order,
      order.findIndex((i) => i.id === active.id),
      order.findIndex((i) => i.id === over.id),
    );
    setPending(next.map((i) => i.id));
    try {
      await onReorder(next.map((i) => i.id));
    } catch {
      showToast({ kind: "error", title: "topics.reorderFailed" });
    } finally {
      setPending(null);
    }
  }

  // dnd-kit's own announcements are English; these say the same in the page's language.
  const label = (itemId: UniqueIdentifier) => itemLabel(order.find((i) => i.id === itemId) ?? { id: Number(itemId) });
  const at = (itemId: UniqueIdentifier | undefined) => ({
    position: String(order.findIndex((i) => i.id === itemId) + 1),
    count: String(order.length),
  });
  const accessibility = {
    screenReaderInstructions: { draggable: instructions ?? t("toc.dragInstructions") },
    announcements: {
      onDragStart: ({ active }: { active: Active }) => t("toc.pickedUp", { title: label(active.id), ...at(active.id) }),
      onDragOver: ({ active, over }: { active: Active; over: Over | null }) =>
        over ? t("toc.movedOver", { title: label(active.id), ...at(over.id) }) : undefined,
      onDragEnd: ({ active, over }: { active: Active; over: Over | null }) =>
        over ? t("toc.dropped", { title: label(active.id), ...at(over.id) }) : undefined,
      onDragCancel: ({ active }: { active: Active }) => t("toc.cancelled", { title: label(active.id) }),
    },
  };

  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={accessibility}
    >
      <SortableContext items={order.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ol className={className} aria-label={listLabel}>
          {order.map((item, index) => (
            <SortableItem key={item.id} id={item.id}>
              {(handle) => renderItem(item, index, handle)}
            </SortableItem>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
