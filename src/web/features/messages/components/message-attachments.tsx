import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '../../../../contracts/messages';
import { useFileSize } from '../../../lib/files/file-size';
import { attachmentUrl } from '../api/messages';

// The files a message carries, each a download link with its name and size. The server answers the
// link as an attachment, so the browser saves the file rather than opening it in the portal.

export function MessageAttachments({ attachments, own }: { attachments: readonly Attachment[]; own: boolean }) {
  const { t } = useTranslation('messages');
  const fileSize = useFileSize();
  if (attachments.length === 0) return null;
  return (
    <ul aria-label={t('thread.attachments')} className="mt-2 flex flex-col gap-1" data-testid="message-attachments">
      {attachments.map((attachment) => (
        <li key={attachment.id}>
          <a
            href={attachmentUrl(attachment.id)}
            download={attachment.filename}
            aria-label={t('thread.download', { name: attachment.filename, size: fileSize(attachment.sizeBytes) })}
            className={`inline-flex max-w-full items-center gap-2 rounded-lg px-2 py-1 text-sm ${
              own ? 'bg-brand-800 text-white' : 'bg-white text-slate-900 dark:bg-slate-900 dark:text-slate-100'
            }`}
          >
            <Download className="size-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 break-all underline underline-offset-2">{attachment.filename}</span>
            <span className="shrink-0 text-xs">({fileSize(attachment.sizeBytes)})</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
