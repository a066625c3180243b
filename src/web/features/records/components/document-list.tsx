import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, FileImage, FileText, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentItem } from '../../../../contracts/documents';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ApiError } from '../../../lib/api-client';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { useSession } from '../../../lib/session/use-session';
import { deleteDocument, documentContentUrl, documentsOf } from '../api/documents';
import { useFileSize } from '../../../lib/files/file-size';
import { useDoctorName, usePersonName } from '../../../lib/person-name';

// The documents of one category (or all), newest first: what each is, and a real download (the
// server answers it as an attachment, so the browser saves it). A patient's own uploads can be
// deleted after a confirmation; documents from the care team cannot.

const TYPE_KEYS: Record<string, 'pdf' | 'png' | 'jpeg' | 'webp'> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

export interface Notice {
  tone: 'success' | 'error';
  text: string;
}

export function DocumentList({
  documents,
  patientId,
  onNotice,
}: {
  documents: DocumentItem[];
  patientId: string;
  /** What became of a deletion; shown by the page, since the list may be gone after it. */
  onNotice(notice: Notice): void;
}) {
  const { t } = useTranslation('records');
  const [pending, setPending] = useState<DocumentItem | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const queryClient = useQueryClient();
  const removal = useMutation({
    mutationFn: (document: DocumentItem) => deleteDocument(document.id),
    onSuccess: async (_, document) => {
      setPending(null);
      onNotice({ tone: 'success', text: t('delete.done', { name: document.filename }) });
      await queryClient.invalidateQueries({ predicate: (query) => documentsOf(patientId)(query.queryKey) });
    },
    onError: (error) => {
      setPending(null);
      onNotice({
        tone: 'error',
        text: error instanceof ApiError && error.code === 'FORBIDDEN' ? t('delete.clinical') : t('delete.failed'),
      });
    },
  });

  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3">
        {documents.map((document) => (
          <DocumentRow key={document.id} document={document} onDelete={() => setPending(document)} />
        ))}
      </ul>
      <Dialog
        open={pending !== null}
        title={t('delete.title')}
        description={pending ? t('delete.body', { name: pending.filename }) : undefined}
        onClose={removal.isPending ? undefined : () => setPending(null)}
        initialFocusRef={cancelRef}
        size="sm"
        testId="delete-dialog"
      >
        <div className="mt-4 flex flex-wrap justify-end gap-3">
          <button
            ref={cancelRef}
            type="button"
            className={buttonClasses('secondary')}
            onClick={() => setPending(null)}
            disabled={removal.isPending}
          >
            {t('delete.cancel')}
          </button>
          <Button
            onClick={() => pending && removal.mutate(pending)}
            disabled={removal.isPending}
            className="bg-red-700 hover:bg-red-800 dark:bg-red-700 dark:hover:bg-red-800"
          >
            <Trash2 className="size-4" aria-hidden="true" />
            {removal.isPending ? t('delete.deleting') : t('delete.confirm')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function DocumentRow({ document, onDelete }: { document: DocumentItem; onDelete(): void }) {
  const { t } = useTranslation('records');
  const { user } = useSession();
  const nameOf = usePersonName();
  const doctorName = useDoctorName();
  const format = useClinicalFormat();
  const fileSize = useFileSize();
  const typeKey = TYPE_KEYS[document.mimeType];
  const Icon = document.mimeType.startsWith('image/') ? FileImage : FileText;
  const uploader =
    document.uploader === null
      ? t('list.uploaderUnknown')
      : document.uploader.id === user?.id
        ? t('list.uploadedByYou')
        : t('list.uploadedBy', { name: document.uploader.role === 'doctor' ? doctorName(document.uploader) : nameOf(document.uploader) });
  return (
    <li
      data-testid="document-item"
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center dark:border-slate-800 dark:bg-slate-900"
    >
      <Icon className="size-8 shrink-0 text-brand-700 dark:text-brand-100" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold break-all" data-testid="document-name">
          {document.filename}
        </h3>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {t(`categories.${document.category}`)} · {typeKey ? t(`types.${typeKey}`) : document.mimeType} · {fileSize(document.sizeBytes)}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          <time dateTime={document.uploadedAt}>{format.date(document.uploadedAt)}</time> · {uploader} ·{' '}
          {document.origin === 'clinical' ? t('list.fromCareTeam') : t('list.patientUpload')}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <a
          href={documentContentUrl(document.id)}
          download={document.filename}
          className={buttonClasses('secondary')}
          aria-label={t('list.downloadLabel', { name: document.filename })}
          data-testid="document-download"
        >
          <Download className="size-4" aria-hidden="true" />
          {t('list.download')}
        </a>
        {document.canDelete ? (
          <Button variant="secondary" onClick={onDelete} aria-label={t('list.deleteLabel', { name: document.filename })}>
            <Trash2 className="size-4" aria-hidden="true" />
            {t('list.delete')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}
