import type { CmsCategory, CmsVersion } from '@open/protocol/api';
import type { Lang } from '@open/protocol/locales';
import type { EditState, LocaleText } from './edit-state';
import { EditorMeta } from './EditorMeta';
import { LanguageTabs } from './LanguageTabs';
import { LocaleEditor, type Side } from './LocaleEditor';
import type { ResourceEdit } from './use-resource-edit';

/**
 * The edit itself: where the resource is filed, its languages as tabs, and the language on
 * screen with the preview or another language beside it.
 */
export function EditorFields(props: {
  edit: EditState;
  editor: ResourceEdit;
  /** The language on screen, as edited. */
  current: LocaleText | undefined;
  categories: readonly CmsCategory[];
  onCategoriesOpen: () => void;
  versions: readonly CmsVersion[];
  /** Languages older than the Chinese original. */
  behind: ReadonlySet<string>;
  side: Side;
  onSide: (side: Side) => void;
  titleError: string | undefined;
  /** A title was typed: its error, if any, goes. */
  onTitleTyped: () => void;
  resourceId: string | undefined;
  previewHtml: string;
}) {
  const { edit, editor, current, side, onSide, titleError, onTitleTyped } = props;
  const { saved, setEdit, activeLang, setActiveLang } = editor;

  const update = (change: Partial<EditState>) => {
    setEdit({ ...edit, ...change });
  };
  const updateLocale = (lang: Lang, change: Partial<LocaleText>) => {
    update({ locales: edit.locales.map((l) => (l.lang === lang ? { ...l, ...change } : l)) });
    if (change.title !== undefined) onTitleTyped();
  };

  return (
    <>
      <EditorMeta
        edit={edit}
        categories={props.categories}
        onCategoriesOpen={props.onCategoriesOpen}
        versions={props.versions}
        onChange={update}
      />

      <LanguageTabs
        edit={edit}
        activeLang={activeLang}
        savedLangs={saved?.locales.map((l) => l.lang) ?? []}
        behind={props.behind}
        onActivate={setActiveLang}
        onChange={update}
        onCompare={onSide}
      />

      {current && (
        <LocaleEditor
          current={current}
          all={edit.locales}
          side={side}
          onSide={onSide}
          titleError={titleError}
          onChange={(change) => {
            updateLocale(activeLang, change);
          }}
          resourceId={props.resourceId}
          previewHtml={props.previewHtml}
        />
      )}
    </>
  );
}
