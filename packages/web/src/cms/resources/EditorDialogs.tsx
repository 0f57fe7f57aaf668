import type { CmsResource } from '@open/protocol/api';
import { ConflictModal, type Conflict } from './ConflictModal';
import { drafts } from './drafts';
import { inTabOrder, stateOf, type EditState } from './edit-state';
import { LeaveGuard } from './LeaveGuard';
import { ResourceHistory } from './ResourceHistory';
import { tabOrder, type ResourceEdit } from './use-resource-edit';

/**
 * What opens over the editor: a refused save's conflict, the question before leaving unsaved
 * changes, and the resource's history. The first and the last may replace the edit with the
 * resource as the server has it.
 */
export function EditorDialogs(props: {
  edit: EditState;
  editor: ResourceEdit;
  resourceId: string | undefined;
  conflict: Conflict | undefined;
  onConflictClosed: () => void;
  historyOpen: boolean;
  onHistoryClosed: () => void;
  /** The resource's title in the language on screen. */
  title: string;
}) {
  const { edit, editor, resourceId, conflict, onConflictClosed, historyOpen, onHistoryClosed, title } = props;
  const { saved, setSaved, setEdit, dirty } = editor;

  /** Takes the resource as the server now has it, dropping the edit and its draft. */
  const takeSaved = (resource: CmsResource) => {
    const ordered = inTabOrder(resource, tabOrder(edit));
    setSaved(ordered);
    setEdit(stateOf(ordered));
    drafts.drop(resourceId);
  };

  return (
    <>
      <ConflictModal
        conflict={conflict}
        mine={edit.locales}
        onTakeTheirs={(found) => {
          takeSaved(found.theirs);
          onConflictClosed();
        }}
        onKeepMine={(found) => {
          // The admin has seen their change: the next save starts from it.
          setSaved(inTabOrder(found.theirs, tabOrder(edit)));
          onConflictClosed();
        }}
        onCancel={onConflictClosed}
      />

      <LeaveGuard dirty={dirty} />

      {saved && (
        <ResourceHistory
          saved={saved}
          open={historyOpen}
          title={title}
          onClose={onHistoryClosed}
          onRestored={takeSaved}
        />
      )}
    </>
  );
}
