import {
  Alert,
  Badge,
  Button,
  Form,
  Input,
  Modal,
  Popconfirm,
  Segmented,
  Select,
  Space,
  Tabs,
  TreeSelect,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate, useSearchParams } from 'react-router';
import type { CmsResource } from '@open/protocol/api';
import { limits } from '@open/protocol/limits';
import { directionOf, isLang, locales, type Lang } from '@open/protocol/locales';
import { call } from '../../api/client';
import { useApiQuery } from '../../api/use-query';
import { categoryOptions } from '../categories/tree-moves';
import { formatTime } from '../../ui/format';
import { useSettled } from '../../ui/use-settled';
import { staleDetail, type StaleDetail } from '../shared/conflict';
import { useFeedback } from '../shared/feedback';
import { HistoryDrawer, TextDiff } from '../shared/HistoryDrawer';
import { nextStatuses, StatusTag } from '../shared/status';
import { drafts, type Draft } from './drafts';
import { MarkdownEditor } from './MarkdownEditor';

type LocaleText = { lang: Lang; title: string; markdown: string };

interface EditState {
  category_id: string;
  version_ids: string[];
  locales: LocaleText[];
  removed: Lang[];
}

const SOURCE_LANG: Lang = 'zh-CN';

function stateOf(resource: CmsResource): EditState {
  return {
    category_id: resource.category_id,
    version_ids: resource.version_ids,
    locales: resource.locales.map(({ lang, title, markdown }) => ({ lang, title, markdown })),
    removed: [],
  };
}

const sameState = (a: EditState, b: EditState) => JSON.stringify(a) === JSON.stringify(b);
const editOf = ({ category_id, version_ids, locales, removed }: Draft): EditState => ({
  category_id,
  version_ids,
  locales,
  removed,
});

/** A resource's whole text, one language after another, for comparing two states of it. */
function resourceText(locales: readonly { lang: string; title: string; markdown: string }[]): string {
  return [...locales]
    .sort((a, b) => a.lang.localeCompare(b.lang))
    .map((l) => `# [${l.lang}] ${l.title}\n\n${l.markdown}\n\n`)
    .join('');
}

/** `#/cms/resources/edit?id=…` (or `?category=…` for a new one): a resource in every language. */
export function Component() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { fail, formInvalid, done } = useFeedback();
  const [params] = useSearchParams();
  const [resourceId, setResourceId] = useState(params.get('id') ?? undefined);
  const uiLang = isLang(i18n.language) ? i18n.language : SOURCE_LANG;

  const categories = useApiQuery('cms/get_category_list', { lang: uiLang });
  const versions = useApiQuery('cms/get_version_list', { page_number: -1 });
  const loaded = useApiQuery('cms/get_resource_content', resourceId ? { _id: resourceId } : undefined);
  const localeStatus = useApiQuery('cms/get_resource_locale', resourceId ? { _id: resourceId } : undefined);
  const [historyOpen, setHistoryOpen] = useState(false);
  const backups = useApiQuery(
    'cms/get_resource_backup_info',
    historyOpen && resourceId ? { _id: resourceId } : undefined,
  );

  const [saved, setSaved] = useState<CmsResource | undefined>();
  const [edit, setEdit] = useState<EditState | undefined>();
  const [offered, setOffered] = useState<Draft | undefined>();
  const [activeLang, setActiveLang] = useState<Lang>(SOURCE_LANG);
  const [side, setSide] = useState<'preview' | Lang>('preview');
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<{ stale: StaleDetail; theirs: CmsResource } | undefined>();
  const [titleError, setTitleError] = useState<string | undefined>();

  // Start from the server's state (or an empty one), once per loaded answer, and offer back a
  // draft kept from before. Set while rendering, not in an effect, so no empty frame shows.
  const origin = resourceId ? loaded.data : 'new';
  const [startedFrom, setStartedFrom] = useState<unknown>();
  if (origin !== undefined && origin !== startedFrom) {
    setStartedFrom(origin);
    const base: EditState = loaded.data
      ? stateOf(loaded.data)
      : {
          category_id: params.get('category') ?? '',
          version_ids: [],
          locales: [{ lang: SOURCE_LANG, title: '', markdown: '' }],
          removed: [],
        };
    setSaved(loaded.data);
    setEdit(base);
    setActiveLang(base.locales[0]?.lang ?? SOURCE_LANG);
    const kept = drafts.read(resourceId);
    setOffered(kept && !sameState(base, editOf(kept)) ? kept : undefined);
  }

  const savedState = useMemo(() => (saved ? stateOf(saved) : undefined), [saved]);
  const dirty =
    edit !== undefined && (savedState ? !sameState(edit, savedState) : edit.locales.some((l) => l.title || l.markdown));

  // Every change is kept as a draft, so navigating away, a reload or an expired session loses nothing.
  useEffect(() => {
    if (!edit || !dirty) return;
    drafts.keep(resourceId, { ...edit, revision: saved?.revision, kept_at: new Date().toISOString() });
  }, [edit, dirty, resourceId, saved?.revision]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
    };
  }, [dirty]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  const current = edit?.locales.find((l) => l.lang === activeLang);
  const previewBody = useSettled(current?.markdown ?? '', 400);
  const preview = useApiQuery(
    'cms/render_markdown',
    side === 'preview' && current ? { lang: activeLang, markdown: previewBody } : undefined,
  );

  if (!edit) {
    return loaded.error !== undefined ? (
      <Alert type="error" showIcon title={t('cms.resources.notFound')} />
    ) : (
      <Typography.Text type="secondary">{t('shell.loading')}</Typography.Text>
    );
  }

  const update = (change: Partial<EditState>) => {
    setEdit({ ...edit, ...change });
  };
  const updateLocale = (lang: Lang, change: Partial<LocaleText>) => {
    update({ locales: edit.locales.map((l) => (l.lang === lang ? { ...l, ...change } : l)) });
    if (change.title !== undefined) setTitleError(undefined);
  };

  const save = async (baseRevision = saved?.revision) => {
    if (!edit.category_id || edit.locales.some((l) => !l.title.trim())) {
      if (edit.locales.some((l) => !l.title.trim())) setTitleError(t('cms.resources.titleRequired'));
      formInvalid();
      return;
    }
    setSaving(true);
    try {
      const result = await call('cms/set_resource_info', {
        ...(resourceId ? { _id: resourceId, revision: baseRevision } : {}),
        category_id: edit.category_id,
        version_ids: edit.version_ids,
        locales: edit.locales.map((l) => ({ ...l, title: l.title.trim() })),
        ...(edit.removed.length ? { remove_langs: edit.removed } : {}),
      });
      drafts.drop(resourceId);
      setSaved(result);
      setEdit(stateOf(result));
      setOffered(undefined);
      done(t('cms.resources.saved'));
      localeStatus.retry();
      if (!resourceId) {
        setResourceId(result._id);
        void navigate(`/cms/resources/edit?id=${encodeURIComponent(result._id)}`, { replace: true });
      }
    } catch (error) {
      const stale = staleDetail(error);
      if (stale && resourceId) {
        try {
          setConflict({ stale, theirs: await call('cms/get_resource_content', { _id: resourceId }) });
        } catch (reload) {
          fail(reload);
        }
      } else fail(error);
    } finally {
      setSaving(false);
    }
  };

  const usedLangs = new Set(edit.locales.map((l) => l.lang));
  const behind = new Set(localeStatus.data?.list.filter((l) => l.behind).map((l) => l.lang));
  const source = side === 'preview' ? undefined : edit.locales.find((l) => l.lang === side);

  return (
    <section className="cms-panel resource-editor">
      <div className="cms-toolbar">
        <Space wrap>
          <Button onClick={() => void navigate('/cms/resources')}>{t('cms.resources.backToList')}</Button>
          <Typography.Title level={3} className="cms-panel-title">
            {resourceId ? t('cms.resources.edit') : t('cms.resources.create')}
          </Typography.Title>
          {saved && <StatusTag status={saved.status} />}
        </Space>
        <Space wrap>
          {saved && (
            <Button
              onClick={() => {
                setHistoryOpen(true);
              }}
              data-testid="resource-history"
            >
              {t('cms.history.title')}
            </Button>
          )}
          {saved &&
            nextStatuses(saved.status).map((next) => (
              <Popconfirm
                key={next.to}
                title={t('shell.common.confirmSwitch')}
                description={current?.title}
                okText={t('shell.common.ok')}
                cancelText={t('shell.common.cancel')}
                onConfirm={() => {
                  call('cms/set_resource_status', { _id: saved._id, status: next.to, revision: saved.revision }).then(
                    () => {
                      done(t('cms.status.changed'));
                      loaded.retry();
                    },
                    fail,
                  );
                }}
              >
                <Button disabled={dirty} data-testid="editor-status">
                  {t(next.key)}
                </Button>
              </Popconfirm>
            ))}
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="resource-save">
            {t('shell.common.save')}
          </Button>
        </Space>
      </div>

      {offered && (
        <Alert
          type="info"
          showIcon
          className="draft-offer"
          data-testid="draft-offer"
          title={t('cms.editor.draftFound', { time: formatTime(offered.kept_at, i18n.language) })}
          action={
            <Space>
              <Button
                size="small"
                type="primary"
                onClick={() => {
                  setEdit({
                    category_id: offered.category_id,
                    version_ids: offered.version_ids,
                    locales: offered.locales,
                    removed: offered.removed,
                  });
                  setOffered(undefined);
                }}
              >
                {t('cms.editor.draftRestore')}
              </Button>
              <Button
                size="small"
                onClick={() => {
                  drafts.drop(resourceId);
                  setOffered(undefined);
                }}
              >
                {t('cms.editor.draftDiscard')}
              </Button>
            </Space>
          }
        />
      )}

      <div className="editor-meta">
        <label>
          <span>{t('cms.resources.category')}</span>
          <TreeSelect
            value={edit.category_id || undefined}
            treeDefaultExpandAll
            showSearch={{ treeNodeFilterProp: 'title' }}
            placeholder={t('cms.resources.categoryRequired')}
            treeData={categoryOptions(categories.data?.list ?? [])}
            status={edit.category_id ? undefined : 'warning'}
            onChange={(value: string) => {
              update({ category_id: value });
            }}
            style={{ minWidth: 220 }}
            data-testid="editor-category"
          />
        </label>
        <label>
          <span>{t('cms.resources.versions')}</span>
          <Select
            mode="multiple"
            value={edit.version_ids}
            placeholder={t('cms.resources.versionsPlaceholder')}
            options={(versions.data?.list ?? []).map((v) => ({ value: v._id, label: v.name }))}
            onChange={(value: string[]) => {
              update({ version_ids: value });
            }}
            style={{ minWidth: 220 }}
            data-testid="editor-versions"
          />
        </label>
      </div>

      <Tabs
        activeKey={activeLang}
        onChange={(key) => {
          if (isLang(key)) setActiveLang(key);
        }}
        type="editable-card"
        hideAdd
        onEdit={(key, action) => {
          if (action !== 'remove' || typeof key !== 'string' || !isLang(key) || edit.locales.length <= 1) return;
          Modal.confirm({
            title: t('shell.common.confirmDelete'),
            content: locales.find((l) => l.code === key)?.nativeName,
            okText: t('shell.common.ok'),
            cancelText: t('shell.common.cancel'),
            onOk: () => {
              const rest = edit.locales.filter((l) => l.lang !== key);
              update({
                locales: rest,
                removed: saved?.locales.some((l) => l.lang === key) ? [...edit.removed, key] : edit.removed,
              });
              setActiveLang(rest[0]?.lang ?? SOURCE_LANG);
            },
          });
        }}
        tabBarExtraContent={
          <Select
            size="small"
            placeholder={t('cms.addLanguage')}
            value={null}
            options={locales.filter((l) => !usedLangs.has(l.code)).map((l) => ({ value: l.code, label: l.nativeName }))}
            onChange={(lang: Lang) => {
              update({
                locales: [...edit.locales, { lang, title: '', markdown: '' }],
                removed: edit.removed.filter((r) => r !== lang),
              });
              setActiveLang(lang);
              if (usedLangs.has(SOURCE_LANG)) setSide(SOURCE_LANG);
            }}
            style={{ width: 160 }}
            data-testid="editor-add-lang"
          />
        }
        items={edit.locales.map((l) => ({
          key: l.lang,
          closable: edit.locales.length > 1,
          label: (
            <Badge dot={behind.has(l.lang)} title={behind.has(l.lang) ? t('cms.editor.behind') : undefined}>
              <span data-testid={`lang-tab-${l.lang}`}>
                {locales.find((x) => x.code === l.lang)?.nativeName ?? l.lang}
              </span>
            </Badge>
          ),
        }))}
      />
      {behind.has(activeLang) && (
        <Alert type="warning" showIcon title={t('cms.editor.behindNotice')} style={{ marginBlockEnd: 12 }} />
      )}

      {current && (
        <>
          <Form.Item
            label={t('cms.resources.titleColumn')}
            validateStatus={titleError ? 'error' : undefined}
            help={titleError}
            layout="vertical"
          >
            <Input
              value={current.title}
              maxLength={limits.resourceTitle}
              showCount
              lang={activeLang}
              dir={directionOf(activeLang)}
              onChange={(event) => {
                updateLocale(activeLang, { title: event.target.value });
              }}
              data-testid="editor-title"
            />
          </Form.Item>
          <Segmented
            value={side}
            onChange={(value) => {
              setSide(value as typeof side);
            }}
            options={[
              { value: 'preview', label: t('cms.editor.preview') },
              ...edit.locales
                .filter((l) => l.lang !== activeLang)
                .map((l) => ({
                  value: l.lang,
                  label: t('cms.editor.compareWith', {
                    lang: locales.find((x) => x.code === l.lang)?.nativeName ?? l.lang,
                  }),
                })),
            ]}
            style={{ marginBlockEnd: 8 }}
          />
          <div className="editor-panes">
            <MarkdownEditor
              value={current.markdown}
              onChange={(markdown) => {
                updateLocale(activeLang, { markdown });
              }}
              resourceId={resourceId}
              lang={activeLang}
              dir={directionOf(activeLang)}
            />
            {source ? (
              <div
                className="editor-source"
                lang={source.lang}
                dir={directionOf(source.lang)}
                data-testid="editor-source"
              >
                <Typography.Title level={5}>{source.title}</Typography.Title>
                <pre>{source.markdown}</pre>
              </div>
            ) : (
              <div
                className="editor-preview doc-html"
                lang={activeLang}
                dir={directionOf(activeLang)}
                data-testid="editor-preview"
                // Rendered and sanitised by the server's renderer, as the documentation shows it.
                dangerouslySetInnerHTML={{ __html: preview.data?.html ?? '' }}
              />
            )}
          </div>
        </>
      )}

      {saved && saved.attachments.length > 0 && (
        <div className="editor-attachments">
          <Typography.Title level={5}>{t('cms.editor.attachments')}</Typography.Title>
          <ul>
            {saved.attachments.map((file) => (
              <li key={file._id}>
                <a href={file.url} target="_blank" rel="noopener noreferrer">
                  {file.name}
                </a>{' '}
                <Typography.Text type="secondary" copyable={{ text: file.markdown }}>
                  {Math.max(1, Math.round(file.size / 1024))} KB
                </Typography.Text>{' '}
                <Popconfirm
                  title={t('shell.common.confirmDelete')}
                  description={file.name}
                  okText={t('shell.common.ok')}
                  cancelText={t('shell.common.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => {
                    call('cms/remove_attachment_file', { _id: file._id }).then(() => {
                      done(t('cms.editor.attachmentDeleted'));
                      loaded.retry();
                    }, fail);
                  }}
                >
                  <Button size="small" type="link" danger>
                    {t('shell.common.delete')}
                  </Button>
                </Popconfirm>
              </li>
            ))}
          </ul>
        </div>
      )}

      <Modal
        open={conflict !== undefined}
        title={t('cms.conflict.title')}
        width={820}
        onCancel={() => {
          setConflict(undefined);
        }}
        footer={
          conflict && [
            <Button
              key="theirs"
              onClick={() => {
                setSaved(conflict.theirs);
                setEdit(stateOf(conflict.theirs));
                drafts.drop(resourceId);
                setConflict(undefined);
              }}
              data-testid="conflict-theirs"
            >
              {t('cms.conflict.takeTheirs')}
            </Button>,
            <Button
              key="mine"
              type="primary"
              onClick={() => {
                // The admin has seen their change: the next save starts from it.
                setSaved({ ...conflict.theirs });
                setConflict(undefined);
              }}
              data-testid="conflict-mine"
            >
              {t('cms.conflict.keepMine')}
            </Button>,
          ]
        }
      >
        {conflict && (
          <>
            <Alert
              type="warning"
              showIcon
              data-testid="conflict-notice"
              title={t('cms.conflict.changedBy', {
                name: conflict.stale.updated_by ?? t('cms.history.system'),
                time: formatTime(conflict.stale.updated_at, i18n.language),
              })}
              description={t('cms.conflict.explain')}
              style={{ marginBlockEnd: 12 }}
            />
            <TextDiff before={resourceText(conflict.theirs.locales)} after={resourceText(edit.locales)} />
          </>
        )}
      </Modal>

      <Modal
        open={blocker.state === 'blocked'}
        title={t('cms.editor.leaveTitle')}
        okText={t('cms.editor.leave')}
        cancelText={t('cms.editor.stay')}
        onOk={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        {t('cms.editor.leaveBody')}
      </Modal>

      {saved && (
        <HistoryDrawer
          open={historyOpen}
          title={t('cms.history.of', { name: current?.title ?? '' })}
          backups={backups.data?.list}
          current={resourceText(saved.locales)}
          asText={(backup) => resourceText(backup.snapshot.locales)}
          onClose={() => {
            setHistoryOpen(false);
          }}
          onRestore={async (backup) => {
            try {
              const restored = await call('cms/set_resource_info', {
                _id: saved._id,
                revision: saved.revision,
                category_id: backup.snapshot.category_id,
                version_ids: backup.snapshot.version_ids,
                locales: backup.snapshot.locales,
                remove_langs: saved.locales
                  .map((l) => l.lang)
                  .filter((lang) => !backup.snapshot.locales.some((l) => l.lang === lang)),
              });
              setSaved(restored);
              setEdit(stateOf(restored));
              drafts.drop(resourceId);
              done(t('cms.history.restored'));
              backups.retry();
              setHistoryOpen(false);
            } catch (error) {
              fail(error);
            }
          }}
        />
      )}
    </section>
  );
}
