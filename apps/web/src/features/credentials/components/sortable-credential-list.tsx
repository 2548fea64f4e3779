/**
 * The credential cards in display order, reorderable by mouse, touch and keyboard (dnd-kit
 * sortable with Pointer, Touch and Keyboard sensors; SPEC 2). The permanent Basic Identity is
 * rendered first and takes no part in sorting.
 *
 * Reordering announces itself in words in the UI language through dnd-kit's live region (issue
 * 19; WCAG 4.1.3): 'Picked up PAN Card, in position 2 of 4', 'PAN Card moved to position 3',
 * 'PAN Card dropped in position 3', 'Moving PAN Card was cancelled. It is back in position 2',
 * with instructions for keyboard use; never the cards' ids. Positions count every card, the
 * Basic Identity first.
 */
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CredentialRecord } from '@pehchaan/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type CredentialActions, CredentialCard, credentialDisplayName } from './credential-card';

function GripIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
      <circle cx="9" cy="6" r="1.6" />
      <circle cx="15" cy="6" r="1.6" />
      <circle cx="9" cy="12" r="1.6" />
      <circle cx="15" cy="12" r="1.6" />
      <circle cx="9" cy="18" r="1.6" />
      <circle cx="15" cy="18" r="1.6" />
    </svg>
  );
}

function SortableCard({
  credential,
  actions,
}: {
  credential: CredentialRecord;
  actions: CredentialActions;
}) {
  const { t, i18n } = useTranslation('credentials');
  const {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
  } = useSortable({ id: credential.id });
  const name = credentialDisplayName(credential, i18n.language);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={isDragging ? 'relative z-10 opacity-90 shadow-lg' : undefined}
    >
      <CredentialCard
        credential={credential}
        actions={actions}
        dragHandle={
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={t('dragHandle', { name })}
            className="-ms-1 cursor-grab touch-none rounded-md p-2 text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-orange-500 active:cursor-grabbing dark:hover:bg-slate-800 dark:hover:text-slate-200"
          >
            <GripIcon />
          </button>
        }
      />
    </li>
  );
}

export function SortableCredentialList({
  credentials,
  actions,
  onReorder,
}: {
  credentials: readonly CredentialRecord[];
  actions: CredentialActions;
  /** Called with the full list in its new order after a drop that moved a card. */
  onReorder: (ordered: CredentialRecord[]) => void;
}) {
  const { t, i18n } = useTranslation('credentials');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const fixed = credentials.filter((c) => c.permanent);
  const movable = credentials.filter((c) => !c.permanent);

  const ordered = [...fixed, ...movable];
  /** The card the dragged one was last announced over. */
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const nameOf = (id: string | number) => {
    const credential = ordered.find((c) => c.id === id);
    return credential ? credentialDisplayName(credential, i18n.language) : '';
  };
  /** 1-based place in the whole list, the Basic Identity first. */
  const positionOf = (id: string | number) => ordered.findIndex((c) => c.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = active.id;
      return t('dnd.pickedUp', {
        name: nameOf(active.id),
        position: positionOf(active.id),
        total: ordered.length,
      });
    },
    onDragOver: ({ active, over }) => {
      // dnd-kit reports the card over itself as the drag starts: nothing moved yet.
      if ((over?.id ?? null) === lastOver.current) return undefined;
      lastOver.current = over?.id ?? null;
      return over
        ? t('dnd.movedTo', { name: nameOf(active.id), position: positionOf(over.id) })
        : t('dnd.notOverList', { name: nameOf(active.id) });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t('dnd.dropped', { name: nameOf(active.id), position: positionOf(over.id) })
        : t('dnd.droppedOutside', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) =>
      t('dnd.cancelled', { name: nameOf(active.id), position: positionOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = movable.findIndex((c) => c.id === active.id);
    const to = movable.findIndex((c) => c.id === over.id);
    if (from < 0 || to < 0) return;
    onReorder([...fixed, ...arrayMove(movable, from, to)]);
  };

  // DndContext renders its screen-reader live region after its children: outside the list, so
  // the <ul> holds only <li> items (WCAG 1.3.1).
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('dnd.instructions') },
      }}
    >
      <ul aria-label={t('listLabel')} className="space-y-4">
        {fixed.map((credential) => (
          <li key={credential.id}>
            <CredentialCard credential={credential} actions={actions} />
          </li>
        ))}
        <SortableContext items={movable.map((c) => c.id)} strategy={verticalListSortingStrategy}>
          {movable.map((credential) => (
            <SortableCard key={credential.id} credential={credential} actions={actions} />
          ))}
        </SortableContext>
      </ul>
    </DndContext>
  );
}
