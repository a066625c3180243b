import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Order } from '../../../../contracts/orders';
import { RESULT_FILE_ACCEPT, RESULT_FILE_MAX_CHARS, type ImportPreview } from '../../../../contracts/result-import';
import { LabFlagBadge } from '../../../components/clinical/lab-flag';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useClinicalCatalogue } from '../../../lib/clinical/catalogue';
import { quantity, useClinicalFormat } from '../../../lib/clinical/format';
import { errorText } from '../../../lib/error-text';
import { fieldErrorText } from '../../../lib/forms/field-error-text';
import { usePersonName } from '../../../lib/person-name';
import { useImportPreview, useImportResults } from '../api/orders';
import { orderName } from '../lib/words';

// Lab results from a file (an HL7 v2 ORU^R01 message or a CSV): the file is read here as text, the
// server answers what it would save (each test with its value, range and flag), what it leaves out
// and what it cannot take; nothing is saved until the doctor imports what they have seen.

export function ImportDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const catalogue = useClinicalCatalogue();
  const format = useClinicalFormat();
  const nameOf = usePersonName();
  const ids = { file: useId(), hint: useId() };
  const [content, setContent] = useState<string | null>(null);
  const [shown, setShown] = useState<ImportPreview | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const previewing = useImportPreview();
  const importing = useImportResults();
  const name = orderName(order, t, catalogue);

  const choose = async (file: File | null) => {
    setShown(null);
    setContent(null);
    setFailure(null);
    if (!file) return;
    // Characters are at most four bytes each: a file beyond this is too large whatever it holds.
    if (file.size > RESULT_FILE_MAX_CHARS * 4) {
      setFailure(new ApiError('', 400, 'VALIDATION_FAILED', { content: 'resultFile.tooLarge' }));
      return;
    }
    const text = await file.text();
    try {
      setShown(await previewing.mutateAsync({ id: order.id, version: order.version, content: text }));
      setContent(text);
    } catch (error) {
      setFailure(error);
    }
  };

  const confirm = async () => {
    if (content === null) return;
    try {
      await importing.mutateAsync({ id: order.id, version: order.version, content });
      toast.success(t('import.saved'));
      onClose();
    } catch (error) {
      setFailure(error);
    }
  };

  const failureText = (() => {
    if (!failure) return null;
    const field = failure instanceof ApiError ? fieldErrorText(t, failure.fields?.content) : undefined;
    return [errorText(t, failure, t('import.failed')), field].filter(Boolean).join(' ');
  })();
  const testName = (loinc: string) => catalogue.lab(loinc, loinc);
  const range = (low: number | null, high: number | null) =>
    low !== null && high !== null
      ? t('health:labs.rangeBetween', { low: format.number(low), high: format.number(high) })
      : low !== null
        ? t('health:labs.rangeAtLeast', { low: format.number(low) })
        : high !== null
          ? t('health:labs.rangeAtMost', { high: format.number(high) })
          : t('health:labs.rangeNone');

  return (
    <Dialog open onClose={onClose} title={t('import.title', { order: name })} size="lg" testId="import-dialog">
      <div className="flex flex-col gap-4">
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('import.intro', { patient: nameOf(order.patient) })}</p>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.file} className="text-sm font-medium">
            {t('import.file')}
          </label>
          <p id={ids.hint} className="text-xs text-slate-600 dark:text-slate-400">
            {t('import.hint')}
          </p>
          <input
            id={ids.file}
            type="file"
            accept={RESULT_FILE_ACCEPT}
            aria-describedby={ids.hint}
            disabled={previewing.isPending || importing.isPending}
            onChange={(event) => void choose(event.target.files?.[0] ?? null)}
            className="block w-full min-w-0 text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:text-sm file:font-medium file:text-white"
          />
        </div>
        {previewing.isPending ? <p className="text-sm">{t('import.reading')}</p> : null}
        {shown ? (
          <div className="flex flex-col gap-3 text-sm" data-testid="import-preview" data-ready={shown.ready}>
            <p className="font-medium">{t(`import.format.${shown.format}`)}</p>
            {shown.patientInFile ? <p>{t('import.patientInFile', { name: shown.patientInFile })}</p> : null}
            {shown.components.length > 0 ? (
              <table className="w-full text-start">
                <caption className="sr-only">{t('import.matched')}</caption>
                <thead>
                  <tr className="text-slate-600 dark:text-slate-400">
                    <th scope="col" className="py-1 text-start font-medium">
                      {t('import.columns.test')}
                    </th>
                    <th scope="col" className="py-1 text-start font-medium">
                      {t('import.columns.value')}
                    </th>
                    <th scope="col" className="py-1 text-start font-medium">
                      {t('import.columns.range')}
                    </th>
                    <th scope="col" className="py-1 text-start font-medium">
                      {t('import.columns.flag')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.components.map((component) => (
                    <tr key={component.loincCode} data-testid="import-component" data-flag={component.flag}>
                      <td className="py-1 break-words">{catalogue.lab(component.loincCode, component.name)}</td>
                      <td className="py-1 tabular-nums">{quantity(format.number(component.value), catalogue.unit(component.unit))}</td>
                      <td className="py-1 tabular-nums">
                        <bdi>{range(component.referenceLow, component.referenceHigh)}</bdi>
                      </td>
                      <td className="py-1">
                        <LabFlagBadge flag={component.flag} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {shown.invalid.length > 0 ? (
              <div role="alert" className="text-red-800 dark:text-red-300" data-testid="import-invalid">
                <p className="font-medium">{t('import.invalidTitle')}</p>
                <ul className="list-disc ps-5">
                  {shown.invalid.map((entry) => (
                    <li key={`${entry.line}-${entry.loincCode}`}>
                      {t(`import.problems.${entry.problem}`, { line: entry.line, test: testName(entry.loincCode), text: entry.text })}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {shown.missing.length > 0 ? (
              <div className="text-red-800 dark:text-red-300" data-testid="import-missing">
                <p className="font-medium">{t('import.missingTitle')}</p>
                <ul className="list-disc ps-5">
                  {shown.missing.map((loinc) => (
                    <li key={loinc}>{testName(loinc)}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {shown.unmatched.length > 0 ? (
              <div data-testid="import-unmatched">
                <p className="font-medium">{t('import.unmatchedTitle')}</p>
                <ul className="list-disc ps-5">
                  {shown.unmatched.map((entry) => (
                    <li key={entry.line}>
                      {t('import.unmatchedLine', { line: entry.line, code: entry.code || '—', name: entry.name ?? '' })}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <p>{t(shown.ready ? 'import.ready' : 'import.notReady')}</p>
          </div>
        ) : null}
        {failureText ? <FormAlert testId="import-error">{failureText}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('close')}
          </Button>
          <Button onClick={() => void confirm()} disabled={!shown?.ready || importing.isPending} data-testid="import-submit">
            {importing.isPending ? t('saving') : t('import.submit')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
