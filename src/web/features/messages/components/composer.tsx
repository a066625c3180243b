import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { MESSAGE_BODY_MAX, sendMessageSchema } from '../../../../contracts/messages';
import { TextareaInput } from '../../../components/form/fields';
import { Form, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { FormAlert } from '../../../components/ui/field';
import { useSendMessage } from '../api/messages';
import { AttachmentPicker, sendFailureText, useAttachmentChoice } from './attachment-picker';

// The reply box of a conversation: the text and up to MESSAGE_ATTACHMENTS_MAX files (the picker
// shared with the new conversation form). What was typed stays whatever goes wrong, and so do the
// chosen files until the message is sent.

export function Composer({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('messages');
  const send = useSendMessage(conversationId);
  const [failure, setFailure] = useState<unknown>(null);
  const attachments = useAttachmentChoice(() => setFailure(null));
  // Kept in memory while the page is open, so a failed send never loses what was typed.
  const form = useSchemaForm({ schema: sendMessageSchema, defaultValues: { body: '' }, backup: { id: `message-${conversationId}` } });

  const onSubmit = async (values: z.output<typeof sendMessageSchema>) => {
    setFailure(null);
    await send.mutateAsync({ body: values.body, files: attachments.files });
    form.reset({ body: '' });
    attachments.clear();
  };

  return (
    <Form form={form} onSubmit={onSubmit} onFailure={(error) => setFailure(error)} className="flex flex-col gap-2" data-testid="composer">
      <TextareaInput name="body" label={t('composer.label')} rows={3} maxLength={MESSAGE_BODY_MAX} description={t('composer.hint')} />
      <AttachmentPicker choice={attachments} />
      {failure ? <FormAlert testId="composer-error">{sendFailureText(t, failure, t('composer.failed'))}</FormAlert> : null}
      <div className="flex justify-end">
        <SubmitButton pending={t('composer.sending')} testId="send-message">
          {t('composer.send')}
        </SubmitButton>
      </div>
    </Form>
  );
}
