import { useQuery } from '@tanstack/react-query';
import { Copy, Link2, Share2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  createShareLinkRequestSchema,
  SHARE_LINK_EXPIRY_HOURS,
  type CreatedShareLink,
  type ShareLink,
  type ShareLinkExpiryHours,
} from '../../../../contracts/share-links';
import { RadioGroupInput } from '../../../components/form/fields';
import { Form, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert, inputClasses } from '../../../components/ui/field';
import { QueryStates } from '../../../components/ui/query-states';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { shareLinksQuery, useCreateShareLink, useRevokeShareLink } from '../api/share-links';

/**
 * "Share medication list". The patient picks how long a link lives, creates it and
 * copies it (the link is shown this once: only its hash is kept), sees the active links with how
 * often each was opened, and revokes any of them.
 */
export function SharePanel() {
  const { t } = useTranslation('medications');
  const headingId = useId();
  const [created, setCreated] = useState<CreatedShareLink | null>(null);
  return (
    <section
      aria-labelledby={headingId}
      data-testid="share-panel"
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold">
          <Share2 className="size-5 shrink-0" aria-hidden="true" />
          {t('share.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('share.intro')}</p>
      </div>
      <CreateForm onCreated={setCreated} />
      {created ? <CreatedLink link={created} /> : null}
      <ActiveLinks />
    </section>
  );
}

// The radios hold text; the contract takes the hours as a number.
const createFormSchema = z.object({ expiresInHours: z.coerce.number().pipe(createShareLinkRequestSchema.shape.expiresInHours) });

function CreateForm({ onCreated }: { onCreated: (link: CreatedShareLink) => void }) {
  const { t } = useTranslation('medications');
  const create = useCreateShareLink();
  const form = useSchemaForm({ schema: createFormSchema, defaultValues: { expiresInHours: '24' } });
  const [failed, setFailed] = useState(false);
  const onSubmit = async ({ expiresInHours }: { expiresInHours: ShareLinkExpiryHours }) => {
    setFailed(false);
    onCreated(await create.mutateAsync(expiresInHours));
  };
  return (
    <Form form={form} onSubmit={onSubmit} onFailure={() => setFailed(true)} className="flex flex-col gap-3">
      <RadioGroupInput
        name="expiresInHours"
        label={t('share.expiryLabel')}
        description={<span className="sr-only">{t('share.expiryHint')}</span>}
        options={SHARE_LINK_EXPIRY_HOURS.map((option) => ({ value: String(option), label: t(`share.expiry.h${option}`) }))}
      />
      {failed ? <FormAlert testId="share-create-error">{t('share.createFailed')}</FormAlert> : null}
      <div>
        <SubmitButton
          pending={
            <>
              <Link2 className="size-4" aria-hidden="true" />
              {t('share.creating')}
            </>
          }
        >
          <Link2 className="size-4" aria-hidden="true" />
          {t('share.create')}
        </SubmitButton>
      </div>
    </Form>
  );
}

function CreatedLink({ link }: { link: CreatedShareLink }) {
  const { t } = useTranslation('medications');
  const format = useClinicalFormat();
  const fieldId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopyFailed(false);
      toast.success(t('share.copied'));
    } catch {
      // No clipboard (an insecure origin, a refused permission): the field is selected to copy by hand.
      setCopyFailed(true);
      input.current?.select();
    }
  };
  return (
    <div
      className="flex flex-col gap-2 rounded-lg border border-brand-100 bg-brand-50 p-3 dark:border-brand-900 dark:bg-brand-900/40"
      data-testid="share-created"
    >
      <label htmlFor={fieldId} className="text-sm font-medium">
        {t('share.linkLabel')}
      </label>
      <div className="flex min-w-0 flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id={fieldId}
          readOnly
          value={link.url}
          onFocus={(event) => event.currentTarget.select()}
          className={inputClasses(false, 'min-w-0 font-mono text-xs sm:text-xs')}
          data-testid="share-url"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden="true" />
          {t('share.copy')}
        </Button>
      </div>
      <p className="text-xs text-slate-700 dark:text-slate-300">{t('share.onceOnly', { date: format.dateTime(link.expiresAt) })}</p>
      {copyFailed ? <FormAlert tone="info">{t('share.copyFailed')}</FormAlert> : null}
    </div>
  );
}

function ActiveLinks() {
  const { t } = useTranslation('medications');
  const query = useQuery(shareLinksQuery());
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-semibold">{t('share.activeTitle')}</h3>
      <QueryStates query={query} errorText={t('share.loadFailed')} emptyText={t('share.none')} isEmpty={(list) => list.length === 0}>
        {(list) => (
          <ul className="flex flex-col gap-2" data-testid="share-links">
            {list.map((link) => (
              <ActiveLink key={link.id} link={link} onRevoke={() => setRevoking(link)} />
            ))}
          </ul>
        )}
      </QueryStates>
      {revoking ? <RevokeDialog link={revoking} onClose={() => setRevoking(null)} /> : null}
    </div>
  );
}

function ActiveLink({ link, onRevoke }: { link: ShareLink; onRevoke: () => void }) {
  const { t } = useTranslation('medications');
  const format = useClinicalFormat();
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
      data-testid="share-link"
    >
      <div className="min-w-0 text-sm">
        <p className="font-medium">{t('share.createdOn', { date: format.dateTime(link.createdAt) })}</p>
        <p className="text-slate-700 dark:text-slate-300">{t('share.expiresOn', { date: format.dateTime(link.expiresAt) })}</p>
        <p className="text-slate-700 dark:text-slate-300" data-testid="share-open-count">
          {link.lastOpenedAt
            ? t('share.opened', { count: link.openCount, date: format.dateTime(link.lastOpenedAt) })
            : t('share.neverOpened')}
        </p>
      </div>
      <Button variant="secondary" onClick={onRevoke}>
        {t('share.revoke')}
      </Button>
    </li>
  );
}

function RevokeDialog({ link, onClose }: { link: ShareLink; onClose: () => void }) {
  const { t } = useTranslation('medications');
  const format = useClinicalFormat();
  const revoke = useRevokeShareLink();
  const confirm = () =>
    revoke.mutate(link.id, {
      onSuccess: () => {
        toast.success(t('share.revoked'));
        onClose();
      },
    });
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('share.revokeTitle')}
      description={t('share.revokeBody', { date: format.dateTime(link.createdAt) })}
      size="sm"
      testId="revoke-dialog"
    >
      {revoke.isError ? <FormAlert>{t('share.revokeFailed')}</FormAlert> : null}
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('share.keep')}
        </Button>
        <Button onClick={confirm} disabled={revoke.isPending}>
          {t('share.confirmRevoke')}
        </Button>
      </div>
    </Dialog>
  );
}
