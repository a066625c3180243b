import { useQuery } from '@tanstack/react-query';
import { Archive, ArchiveRestore, MessageSquarePlus, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  CONVERSATION_SUBJECT_MAX,
  INBOX_TOPICS,
  MESSAGE_BODY_MAX,
  MESSAGE_SEARCH_MIN,
  type Conversation,
  type InboxTopic,
  type Message,
} from '../../../../contracts/messages';
import { SelectInput, TextareaInput, TextInput } from '../../../components/form/fields';
import { Form, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert, TextField } from '../../../components/ui/field';
import { Pager } from '../../../components/ui/pager';
import { QueryStates } from '../../../components/ui/query-states';
import { ApiError } from '../../../lib/api-client';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { errorText } from '../../../lib/error-text';
import { useMessagingName } from '../lib/person-label';
import { useSession } from '../../../lib/session/use-session';
import {
  conversationsQuery,
  recipientsQuery,
  searchQuery,
  threadQuery,
  useArchive,
  useHandOff,
  useMarkRead,
  useStartConversation,
} from '../api/messages';
import { AttachmentPicker, sendFailureText, useAttachmentChoice } from '../components/attachment-picker';
import { Composer } from '../components/composer';
import { MessageAttachments } from '../components/message-attachments';
import { LinkedText } from '../lib/linkify';
import { FilterButtons, useFilterAndPage } from '../../../components/ui/filter-buttons';

// The messages view: the person's conversations beside the open one. The open conversation is in
// the address (?c=id, an id and nothing else), so a link from a task or an e-mail lands on it.

const FILTERS = ['active', 'archived'] as const;
type Filter = (typeof FILTERS)[number];

export function MessagesPage() {
  const { t } = useTranslation('messages');
  const [params, setParams] = useSearchParams();
  const selected = params.get('c');
  const { filter, page, chooseFilter, setPage } = useFilterAndPage<Filter>('active');
  const [search, setSearch] = useState('');
  const [starting, setStarting] = useState(false);
  const open = (id: string | null) => setParams(id ? { c: id } : {}, { replace: false });

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="mt-1 text-slate-700 dark:text-slate-300">{t('intro')}</p>
        </div>
        <Button onClick={() => setStarting(true)} data-testid="new-conversation">
          <MessageSquarePlus className="size-4" aria-hidden="true" />
          {t('new.open')}
        </Button>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <section aria-label={t('list.title')} className="flex flex-col gap-3" data-testid="conversation-list">
          <TextField
            label={t('search.label')}
            type="search"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
            after={<Search className="size-4 text-slate-500" aria-hidden="true" />}
          />
          {search.trim().length >= MESSAGE_SEARCH_MIN ? (
            <SearchResults text={search.trim()} onOpen={open} />
          ) : (
            <>
              <FilterButtons
                values={FILTERS}
                value={filter}
                label={t('list.filter')}
                textOf={(value) => t(`list.filters.${value}`)}
                onChange={chooseFilter}
                className="flex gap-2"
              />
              <ConversationList filter={filter} page={page} onPage={setPage} selected={selected} onOpen={open} />
            </>
          )}
        </section>
        <section aria-label={t('thread.region')} className="min-w-0">
          {selected ? (
            <Thread key={selected} id={selected} onClosed={() => open(null)} />
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
              {t('thread.choose')}
            </p>
          )}
        </section>
      </div>
      <NewConversationDialog
        open={starting}
        onClose={() => setStarting(false)}
        onStarted={(id) => {
          setStarting(false);
          open(id);
        }}
      />
    </div>
  );
}

function ConversationList({
  filter,
  page,
  onPage,
  selected,
  onOpen,
}: {
  filter: Filter;
  page: number;
  onPage: (page: number) => void;
  selected: string | null;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('messages');
  const query = useQuery({ ...conversationsQuery(filter, page), placeholderData: (previous) => previous });
  return (
    <QueryStates
      query={query}
      errorText={t('list.loadFailed')}
      emptyText={t(filter === 'active' ? 'list.empty' : 'list.emptyArchived')}
      isEmpty={(data) => data.data.length === 0}
    >
      {(data) => (
        <>
          <ul className="flex flex-col gap-2">
            {data.data.map((conversation) => (
              <li key={conversation.id}>
                <ConversationItem conversation={conversation} current={conversation.id === selected} onOpen={onOpen} />
              </li>
            ))}
          </ul>
          <Pager page={data.page} pageSize={data.pageSize} total={data.total} busy={query.isFetching} onPage={onPage} />
        </>
      )}
    </QueryStates>
  );
}

function ConversationItem({
  conversation,
  current,
  onOpen,
}: {
  conversation: Conversation;
  current: boolean;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('messages');
  const nameOf = useMessagingName();
  const format = useClinicalFormat();
  const { user } = useSession();
  const others = conversation.participants.filter((p) => p.userId !== user?.id);
  const withWhom = conversation.topic
    ? t('inbox', { topic: t(`topics.${conversation.topic}`) })
    : others.map((p) => nameOf(p, p.role)).join(', ');
  return (
    <button
      type="button"
      onClick={() => onOpen(conversation.id)}
      aria-current={current ? 'true' : undefined}
      data-testid="conversation"
      data-unread={conversation.unread}
      className={`w-full rounded-xl border p-3 text-start ${
        current
          ? 'border-brand-600 bg-brand-50 dark:border-brand-400 dark:bg-brand-900/40'
          : 'border-slate-200 bg-white hover:bg-slate-50 dark:border-slate-800 dark:bg-slate-900 dark:hover:bg-slate-800'
      }`}
    >
      <span className="flex items-start justify-between gap-2">
        <span className={`min-w-0 break-words ${conversation.unread > 0 ? 'font-semibold' : 'font-medium'}`}>{conversation.subject}</span>
        {conversation.unread > 0 ? (
          <span
            className="shrink-0 rounded-full bg-brand-700 px-2 text-xs leading-5 font-semibold text-white"
            data-testid="conversation-unread"
          >
            <span className="sr-only">{t('list.unread', { count: conversation.unread })}</span>
            <span aria-hidden="true">{conversation.unread}</span>
          </span>
        ) : null}
      </span>
      <span className="mt-1 block truncate text-sm text-slate-700 dark:text-slate-300">{withWhom}</span>
      {conversation.lastMessage ? (
        <span className="mt-1 block text-sm text-slate-600 dark:text-slate-400">
          <span className="line-clamp-2 break-words">{conversation.lastMessage.excerpt}</span>
          <span className="mt-0.5 block text-xs">{format.dateTime(conversation.lastMessage.createdAt)}</span>
        </span>
      ) : null}
    </button>
  );
}

function SearchResults({ text, onOpen }: { text: string; onOpen: (id: string) => void }) {
  const { t } = useTranslation('messages');
  const nameOf = useMessagingName();
  const format = useClinicalFormat();
  const query = useQuery({ ...searchQuery(text), placeholderData: (previous) => previous });
  return (
    <div aria-live="polite">
      <QueryStates query={query} errorText={t('search.failed')} emptyText={t('search.none')} isEmpty={(data) => data.data.length === 0}>
        {(data) => (
          <ul className="flex flex-col gap-2" data-testid="search-results">
            {data.data.map((hit) => (
              <li key={hit.id}>
                <button
                  type="button"
                  onClick={() => onOpen(hit.conversationId)}
                  className="w-full rounded-xl border border-slate-200 bg-white p-3 text-start hover:bg-slate-50 dark:border-slate-800 dark:bg-slate-900 dark:hover:bg-slate-800"
                >
                  <span className="block font-medium break-words">{hit.subject}</span>
                  <span className="mt-1 line-clamp-2 block text-sm break-words text-slate-700 dark:text-slate-300">{hit.body}</span>
                  <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">
                    {nameOf(hit.sender, hit.senderRole)} · {format.dateTime(hit.createdAt)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </div>
  );
}

function Thread({ id, onClosed }: { id: string; onClosed: () => void }) {
  const { t } = useTranslation('messages');
  const { user } = useSession();
  const query = useQuery(threadQuery(id));
  const markRead = useMarkRead();
  const unread = query.data?.data.conversation.unread ?? 0;
  const markReadMutate = markRead.mutate;
  // Reading the open conversation marks it read, again whenever a message arrives while it is open.
  useEffect(() => {
    if (unread > 0) markReadMutate(id);
  }, [id, unread, markReadMutate]);

  if (query.isError && query.error instanceof ApiError && query.error.status === 404) {
    return (
      <div className="rounded-xl border border-slate-200 p-6 dark:border-slate-800">
        <p>{t('thread.notFound')}</p>
        <Button variant="secondary" className="mt-3" onClick={onClosed}>
          {t('thread.back')}
        </Button>
      </div>
    );
  }
  return (
    <QueryStates query={query} errorText={t('thread.loadFailed')} emptyText={t('thread.loadFailed')} isEmpty={() => false}>
      {(answer) => {
        const { conversation, messages } = answer.data;
        const receipts = receiptsOf(messages, conversation, user?.id);
        return (
          <article
            className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
            data-testid="thread"
          >
            <ThreadHeader conversation={conversation} />
            {/* The log is a region around the list: a role on the list itself would hide that it is a list. */}
            <div role="log" aria-live="polite" aria-label={t('thread.messages')} className="max-h-[60vh] overflow-y-auto">
              <ol className="flex flex-col gap-3">
                {messages.map((message) => (
                  <MessageItem
                    key={message.id}
                    message={message}
                    own={message.senderId === user?.id}
                    receipt={receipts.get(message.id) ?? null}
                  />
                ))}
              </ol>
            </div>
            <Composer conversationId={conversation.id} />
          </article>
        );
      }}
    </QueryStates>
  );
}

function ThreadHeader({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('messages');
  const nameOf = useMessagingName();
  const { user } = useSession();
  const archive = useArchive();
  const handOff = useHandOff();
  const [topic, setTopic] = useState<InboxTopic>('other');
  const others = conversation.participants.filter((p) => p.userId !== user?.id);
  const toggleArchive = async () => {
    try {
      await archive.mutateAsync({ id: conversation.id, archived: !conversation.archived });
      toast.success(t(conversation.archived ? 'thread.restored' : 'thread.archived'));
    } catch (error) {
      toast.error(errorText(t, error, t('thread.changeFailed')));
    }
  };
  const handTo = async () => {
    try {
      await handOff.mutateAsync({ id: conversation.id, topic });
      toast.success(t('handOff.done'));
    } catch (error) {
      toast.error(errorText(t, error, t('thread.changeFailed')));
    }
  };
  return (
    <header className="flex flex-col gap-3 border-b border-slate-200 pb-3 dark:border-slate-800">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold break-words">{conversation.subject}</h2>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {t('thread.with', { names: others.map((p) => nameOf(p, p.role)).join(', ') })}
            {conversation.topic ? ` · ${t('inbox', { topic: t(`topics.${conversation.topic}`) })}` : ''}
          </p>
        </div>
        <Button variant="secondary" onClick={() => void toggleArchive()} disabled={archive.isPending} data-testid="archive-conversation">
          {conversation.archived ? (
            <ArchiveRestore className="size-4" aria-hidden="true" />
          ) : (
            <Archive className="size-4" aria-hidden="true" />
          )}
          {t(conversation.archived ? 'thread.restore' : 'thread.archive')}
        </Button>
      </div>
      {user?.role === 'doctor' && conversation.patientId ? (
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('handOff.label')}
            <select
              value={topic}
              onChange={(event) => setTopic(event.target.value as InboxTopic)}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 dark:border-slate-700 dark:bg-slate-950"
            >
              {INBOX_TOPICS.map((value) => (
                <option key={value} value={value}>
                  {t(`topics.${value}`)}
                </option>
              ))}
            </select>
          </label>
          <Button variant="secondary" onClick={() => void handTo()} disabled={handOff.isPending}>
            {t('handOff.action')}
          </Button>
        </div>
      ) : null}
    </header>
  );
}

/** What the sender's own message says about its delivery: read by the others (and when), or only sent. */
type Receipt = { state: 'read'; at: string } | { state: 'sent' };

/**
 * The sender's receipts in a thread: "Read" under their last message another participant has read
 * (with the time that participant read it), and "Sent" under their latest message when no one
 * has read that far yet. A participant's mark is the time of the latest message they read.
 */
function receiptsOf(messages: readonly Message[], conversation: Conversation, me: string | undefined): Map<string, Receipt> {
  const receipts = new Map<string, Receipt>();
  const mine = messages.filter((message) => message.senderId === me);
  const latest = mine.at(-1);
  if (!latest) return receipts;
  let furthest: { upTo: string; at: string } | null = null;
  for (const p of conversation.participants) {
    if (p.userId === me || p.readUpTo === null || p.readAt === null) continue;
    if (!furthest || p.readUpTo > furthest.upTo) furthest = { upTo: p.readUpTo, at: p.readAt };
  }
  const mark = furthest;
  const read = mark ? mine.filter((message) => message.createdAt <= mark.upTo).at(-1) : undefined;
  if (read && mark) receipts.set(read.id, { state: 'read', at: mark.at });
  if (read !== latest) receipts.set(latest.id, { state: 'sent' });
  return receipts;
}

function MessageItem({ message, own, receipt }: { message: Message; own: boolean; receipt: Receipt | null }) {
  const { t } = useTranslation('messages');
  const nameOf = useMessagingName();
  const format = useClinicalFormat();
  return (
    <li className={`flex flex-col ${own ? 'items-end' : 'items-start'}`} data-testid="message" data-own={own}>
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-2 ${
          own ? 'bg-brand-700 text-white [&_a]:text-white' : 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100'
        }`}
      >
        <p className="text-xs font-semibold">{own ? t('thread.you') : nameOf(message.sender, message.senderRole)}</p>
        <p className="break-words whitespace-pre-wrap" data-testid="message-body">
          <LinkedText body={message.body} />
        </p>
        <MessageAttachments attachments={message.attachments} own={own} />
      </div>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        <time dateTime={message.createdAt}>{format.dateTime(message.createdAt)}</time>
        {receipt?.state === 'read' ? (
          <span data-testid="message-read">
            {' · '}
            {t('thread.read', { time: format.dateTime(receipt.at) })}
          </span>
        ) : null}
        {receipt?.state === 'sent' ? <span data-testid="message-sent"> · {t('thread.sent')}</span> : null}
      </p>
    </li>
  );
}

// The form's own shape: one "to" choice (a person or an inbox topic), turned into the contract's.
const newConversationSchema = z.object({
  to: z.string('message.recipientRequired').min(1, 'message.recipientRequired'),
  subject: z.string('text.required').trim().min(1, 'text.required').max(CONVERSATION_SUBJECT_MAX, 'text.tooLong'),
  body: z.string('text.required').trim().min(1, 'text.required').max(MESSAGE_BODY_MAX, 'text.tooLong'),
});
type NewConversationValues = z.output<typeof newConversationSchema>;

function NewConversationDialog({ open, onClose, onStarted }: { open: boolean; onClose: () => void; onStarted: (id: string) => void }) {
  const { t } = useTranslation('messages');
  const nameOf = useMessagingName();
  const [who, setWho] = useState('');
  const recipients = useQuery({ ...recipientsQuery(who.trim()), enabled: open, placeholderData: (previous) => previous });
  const start = useStartConversation();
  const [failure, setFailure] = useState<unknown>(null);
  // The same files, checks and refusals as a reply's; what was typed stays if one is refused.
  const attachments = useAttachmentChoice(() => setFailure(null));
  const first = useRef<HTMLInputElement>(null);
  const form = useSchemaForm({
    schema: newConversationSchema,
    defaultValues: { to: '', subject: '', body: '' },
    backup: { id: 'new-conversation' },
  });
  const onSubmit = async (values: NewConversationValues) => {
    setFailure(null);
    const [kind, value] = values.to.split(':') as ['person' | 'topic', string];
    const started = await start.mutateAsync({
      recipientId: kind === 'person' ? value : null,
      topic: kind === 'topic' ? (value as InboxTopic) : null,
      subject: values.subject,
      body: values.body,
      files: attachments.files,
    });
    form.reset({ to: '', subject: '', body: '' });
    attachments.clear();
    onStarted(started.id);
  };
  const people = recipients.data?.data ?? [];
  const topics = recipients.data?.topics ?? [];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('new.title')}
      description={t('new.intro')}
      size="lg"
      testId="new-conversation-dialog"
      initialFocusRef={first}
    >
      <div className="flex flex-col gap-4">
        <TextField
          ref={first}
          label={t('new.find')}
          type="search"
          value={who}
          maxLength={100}
          onChange={(event) => setWho(event.target.value)}
          hint={t('new.findHint')}
        />
        <Form form={form} onSubmit={onSubmit} onFailure={(error) => setFailure(error)} className="flex flex-col gap-4">
          <SelectInput name="to" label={t('new.to')}>
            <option value="">{recipients.isPending ? t('new.loading') : t('new.choose')}</option>
            {people.length > 0 ? (
              <optgroup label={t('new.people')}>
                {people.map((person) => (
                  <option key={person.id} value={`person:${person.id}`}>
                    {`${nameOf(person, person.role)} (${t(`roles.${person.role}`)})`}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {topics.length > 0 ? (
              <optgroup label={t('new.inbox')}>
                {topics.map((topic) => (
                  <option key={topic} value={`topic:${topic}`}>
                    {t('inbox', { topic: t(`topics.${topic}`) })}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </SelectInput>
          {recipients.isError ? <FormAlert>{errorText(t, recipients.error, t('new.recipientsFailed'))}</FormAlert> : null}
          <TextInput name="subject" label={t('new.subject')} maxLength={CONVERSATION_SUBJECT_MAX} />
          <TextareaInput name="body" label={t('composer.label')} rows={5} maxLength={MESSAGE_BODY_MAX} />
          <AttachmentPicker choice={attachments} />
          {failure ? <FormAlert testId="new-conversation-error">{sendFailureText(t, failure, t('new.failed'))}</FormAlert> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('new.cancel')}
            </Button>
            <SubmitButton pending={t('composer.sending')} testId="start-conversation">
              {t('new.send')}
            </SubmitButton>
          </div>
        </Form>
      </div>
    </Dialog>
  );
}
