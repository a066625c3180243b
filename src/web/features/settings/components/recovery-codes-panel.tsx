import { Copy, Download } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session/use-session';
import { downloadTextFile, RECOVERY_CODES_FILE_NAME, recoveryCodesFileText } from '../lib/recovery-codes-file';

/**
 * The recovery codes, shown once: the server keeps only their hashes, so this is the
 * only moment they can be copied or saved. "Done" waits for the user to confirm they saved them.
 */
export function RecoveryCodesPanel({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t, i18n } = useTranslation('settings');
  const { user } = useSession();
  const [saved, setSaved] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const checkboxId = useId();
  const listId = useId();

  // The panel replaces the button that was pressed: move focus to its heading so the reader hears it.
  useEffect(() => headingRef.current?.focus(), []);

  const fileText = () =>
    recoveryCodesFileText(codes, {
      title: t('mfa.codes.fileTitle', { email: user?.email ?? '' }),
      created: t('mfa.codes.fileCreated', {
        date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(new Date()),
      }),
      instructions: [t('mfa.codes.fileUse'), t('mfa.codes.fileKeep')],
    });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      toast.success(t('mfa.codes.copied'));
    } catch {
      toast.error(t('mfa.codes.copyFailed'));
    }
  };

  return (
    <div className="flex flex-col gap-4 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40">
      <h4 ref={headingRef} tabIndex={-1} className="text-base font-semibold focus:outline-none">
        {t('mfa.codes.title')}
      </h4>
      <p className="text-sm text-slate-800 dark:text-slate-200">{t('mfa.codes.explanation')}</p>
      <ol
        id={listId}
        aria-label={t('mfa.codes.listLabel')}
        className="grid grid-cols-1 gap-2 font-mono text-base sm:grid-cols-2"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li
            key={code}
            className="rounded-md bg-white px-3 py-1.5 text-center tracking-wider text-slate-900 dark:bg-slate-900 dark:text-slate-100"
          >
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden="true" />
          {t('mfa.codes.copy')}
        </Button>
        <Button variant="secondary" onClick={() => downloadTextFile(RECOVERY_CODES_FILE_NAME, fileText())}>
          <Download className="size-4" aria-hidden="true" />
          {t('mfa.codes.download')}
        </Button>
      </div>
      <div className="flex items-center gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          checked={saved}
          onChange={(event) => setSaved(event.target.checked)}
          className="size-4 accent-brand-700"
        />
        <label htmlFor={checkboxId} className="text-sm font-medium">
          {t('mfa.codes.confirm')}
        </label>
      </div>
      <div>
        <Button disabled={!saved} onClick={onDone}>
          {t('mfa.codes.done')}
        </Button>
      </div>
    </div>
  );
}
