import { useFileSize } from '../../lib/files/file-size';

export interface DownloadableFile {
  id: string;
  filename: string;
  sizeBytes: number;
}

/** Files to download, each by its name with its size beside it: a report's documents, an order's attachments. */
export function FileDownloads({
  files,
  hrefOf,
  testId,
}: {
  files: readonly DownloadableFile[];
  hrefOf: (id: string) => string;
  testId: string;
}) {
  const fileSize = useFileSize();
  return (
    <ul className="flex flex-col gap-1">
      {files.map((file) => (
        <li key={file.id} data-testid={testId}>
          <a href={hrefOf(file.id)} download className="font-medium break-all text-brand-700 underline dark:text-brand-300">
            {file.filename}
          </a>{' '}
          <span className="text-slate-600 dark:text-slate-400">({fileSize(file.sizeBytes)})</span>
        </li>
      ))}
    </ul>
  );
}
