import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Attachment, ChartConversation } from '../../../../contracts/messages';
import { pathForView } from '../../../../contracts/views';
import { Button } from '../../../components/ui/button';
import { Pager } from '../../../components/ui/pager';
import { QueryStates } from '../../../components/ui/query-states';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { errorText } from '../../../lib/error-text';
import { useFileSize } from '../../../lib/files/file-size';
import { useDoctorName, usePersonName } from '../../../lib/person-name';
import { chartAttachmentUrl, chartConversationsQuery, chartThreadQuery, downloadChartAttachment } from '../api/chart-messages';

// The patient's messages in their chart: every conversation with the patient, whoever wrote it,
// and any of them read here without joining it or marking anything read. A conversation the reader
// takes part in links to their own messages, where they can answer.

type Props = { patientId: string; emergencyReason: string | null };

/** A person's name in the reader's language, titled for a doctor. */
function useLabel(): (person: { firstName: string; lastName: string }, role: string) => string {
  const nameOf = usePersonName();
  const doctorName = useDoctorName();
  return (person, role) => (role === 'doctor' ? doctorName(person) : nameOf(person));
}

export function MessagesSection({ patientId, emergencyReason }: Props) {
  const { t } = useTranslation('patients');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useQuery({ ...chartConversationsQuery(patientId, page, emergencyReason), placeholderData: (previous) => previous });
  return (
    <QueryStates
      query={query}
      errorText={t('chart.messages.loadFailed')}
      emptyText={t('chart.messages.none')}
      isEmpty={(answer) => answer.data.length === 0}
    >
      {(answer) => (
        <div className="flex flex-col gap-3">
          <ul className="flex flex-col gap-2" data-testid="chart-conversations">
            {answer.data.map((conversation) => (
              <li key={conversation.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-800">
                <ConversationSummary
                  conversation={conversation}
                  open={openId === conversation.id}
                  onToggle={() => setOpenId(openId === conversation.id ? null : conversation.id)}
                />
                {openId === conversation.id ? (
                  <ChartThread patientId={patientId} conversationId={conversation.id} emergencyReason={emergencyReason} />
                ) : null}
              </li>
            ))}
          </ul>
          <Pager page={answer.page} pageSize={answer.pageSize} total={answer.total} busy={query.isFetching} onPage={setPage} />
        </div>
      )}
    </QueryStates>
  );
}

function ConversationSummary({ conversation, open, onToggle }: { conversation: ChartConversation; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation('patients');
  const nameOf = useLabel();
  const format = useClinicalFormat();
  const names = conversation.participants.map((person) => nameOf(person, person.role)).join(', ');
  return (
    <div className="flex flex-wrap items-start justify-between gap-2" data-testid="chart-conversation">
      <div className="min-w-0">
        <p className="font-medium break-words">{conversation.subject}</p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t('chart.messages.between', { names })}
          {conversation.topic ? ` · ${t('chart.messages.inbox')}` : ''}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('chart.messages.count', { count: conversation.messageCount })}
          {conversation.lastMessageAt ? ` · ${t('chart.messages.last', { time: format.dateTime(conversation.lastMessageAt) })}` : ''}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {conversation.participating ? (
          <Link
            to={`${pathForView('messages')}?c=${conversation.id}`}
            className="inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-medium text-brand-700 underline hover:text-brand-900 dark:text-brand-300"
          >
            {t('chart.messages.inMine')}
          </Link>
        ) : null}
        <Button variant="secondary" onClick={onToggle} aria-expanded={open} data-testid="chart-conversation-read">
          {t(open ? 'chart.messages.close' : 'chart.messages.read')}
        </Button>
      </div>
    </div>
  );
}

function ChartThread({
  patientId,
  conversationId,
  emergencyReason,
}: {
  patientId: string;
  conversationId: string;
  emergencyReason: string | null;
}) {
  const { t } = useTranslation('patients');
  const nameOf = useLabel();
  const format = useClinicalFormat();
  const query = useInfiniteQuery(chartThreadQuery(patientId, conversationId, emergencyReason));
  return (
    <div className="mt-3 border-t border-slate-200 pt-3 dark:border-slate-800">
      <QueryStates
        // An earlier page that failed is told beside its button: the messages already shown stay.
        query={{
          isPending: query.isPending,
          isError: query.isError && !query.isFetchNextPageError,
          data: query.data,
          refetch: query.refetch,
        }}
        errorText={t('chart.messages.threadFailed')}
        emptyText={t('chart.messages.threadFailed')}
        isEmpty={() => false}
      >
        {(thread) => (
          <div className="flex flex-col gap-2" data-testid="chart-thread">
            <p className="text-xs text-slate-600 dark:text-slate-400">{t('chart.messages.readOnly')}</p>
            {thread.hasOlder ? (
              <div className="flex flex-col items-start gap-1">
                <Button
                  variant="secondary"
                  // Not disabled while loading, so the focus stays on it; a second press waits for the first.
                  onClick={() => {
                    if (!query.isFetchingNextPage) void query.fetchNextPage();
                  }}
                  aria-disabled={query.isFetchingNextPage}
                  aria-busy={query.isFetchingNextPage}
                  data-testid="chart-thread-earlier"
                >
                  {t(query.isFetchingNextPage ? 'chart.messages.loadingEarlier' : 'chart.messages.earlier')}
                </Button>
                {query.isFetchNextPageError ? (
                  <p role="alert" className="text-xs text-red-700 dark:text-red-300">
                    {errorText(t, query.error, t('chart.messages.earlierFailed'))}
                  </p>
                ) : null}
              </div>
            ) : null}
            <ol className="flex flex-col gap-2">
              {thread.messages.map((message) => (
                <li key={message.id} className="rounded-lg bg-slate-100 px-3 py-2 dark:bg-slate-800" data-testid="chart-message">
                  <p className="text-xs font-semibold">
                    {nameOf(message.sender, message.senderRole)} ·{' '}
                    <time dateTime={message.createdAt}>{format.dateTime(message.createdAt)}</time>
                  </p>
                  <p className="text-sm break-words whitespace-pre-wrap">{message.body}</p>
                  <ChartAttachments
                    patientId={patientId}
                    conversationId={conversationId}
                    attachments={message.attachments}
                    emergencyReason={emergencyReason}
                  />
                </li>
              ))}
            </ol>
          </div>
        )}
      </QueryStates>
    </div>
  );
}

/**
 * The files a message carries, each a download from the chart (the server answers it as an
 * attachment, so the browser saves it rather than opening it in the portal).
 */
function ChartAttachments({
  patientId,
  conversationId,
  attachments,
  emergencyReason,
}: {
  patientId: string;
  conversationId: string;
  attachments: readonly Attachment[];
  emergencyReason: string | null;
}) {
  const { t } = useTranslation('patients');
  const fileSize = useFileSize();
  const [failure, setFailure] = useState<string | null>(null);
  if (attachments.length === 0) return null;
  return (
    <>
      <ul aria-label={t('chart.messages.files')} className="mt-1 flex flex-col gap-1" data-testid="chart-message-attachments">
        {attachments.map((attachment) => {
          const url = chartAttachmentUrl(patientId, conversationId, attachment.id);
          return (
            <li key={attachment.id}>
              <a
                href={url}
                download={attachment.filename}
                aria-label={t('chart.messages.download', { name: attachment.filename, size: fileSize(attachment.sizeBytes) })}
                onClick={
                  emergencyReason
                    ? (event) => {
                        event.preventDefault();
                        setFailure(null);
                        downloadChartAttachment(url, attachment.filename, emergencyReason).catch((error: unknown) =>
                          setFailure(errorText(t, error, t('chart.messages.downloadFailed'))),
                        );
                      }
                    : undefined
                }
                className="inline-flex max-w-full items-center gap-2 rounded-lg bg-white px-2 py-1 text-sm text-slate-900 dark:bg-slate-900 dark:text-slate-100"
              >
                <Download className="size-4 shrink-0" aria-hidden="true" />
                <span className="min-w-0 break-all underline underline-offset-2">{attachment.filename}</span>
                <span className="shrink-0 text-xs">({fileSize(attachment.sizeBytes)})</span>
              </a>
            </li>
          );
        })}
      </ul>
      {failure ? (
        <p role="alert" className="mt-1 text-xs text-red-700 dark:text-red-300">
          {failure}
        </p>
      ) : null}
    </>
  );
}
