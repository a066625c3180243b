import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { PARKING_SPOT_BOUNDS, PARKING_SPOT_TYPES, parkingSpotFields, type ParkingSpot } from '../../../../contracts/parking';
import { SelectInput, TextInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormAlert } from '../../../components/ui/field';
import { errorText } from '../../../lib/error-text';
import { useSpotLayout } from '../api/parking';

// The administrator's side of the car park: adding a spot, editing where it is painted and what kind
// it is, and removing one that holds no visit. Plain form fields (numbers typed, not dragged), so the
// whole layout can be set from the keyboard; the map shows the result at once. The server checks
// again (a number taken on the level, a spot given to a visit in between) and its refusal is said in
// words beside the form, which keeps what was typed.

const spotFormSchema = z.object(parkingSpotFields);
type SpotForm = z.input<typeof spotFormSchema>;
type SpotValues = z.output<typeof spotFormSchema>;

const asNumber = { setValueAs: (value: unknown) => (value === '' || value === null ? Number.NaN : Number(value)) };

/** Adds a spot (no `spot`) or edits one. */
export function SpotFormDialog({ spot, level, onClose }: { spot?: ParkingSpot; level: number; onClose: () => void }) {
  const { t } = useTranslation('parking');
  const layout = useSpotLayout();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useSchemaForm<SpotForm, SpotValues>({
    schema: spotFormSchema,
    defaultValues: spot
      ? { number: spot.number, level: spot.level, section: spot.section, type: spot.type, x: spot.x, y: spot.y }
      : { number: '', level, section: '', type: 'regular', x: 0, y: 0 },
  });

  const onSubmit = async (values: SpotValues) => {
    setFailure(null);
    if (spot) {
      const saved = await layout.edit.mutateAsync({ id: spot.id, body: { ...values, version: spot.version } });
      toast.success(t('layout.saved', { number: saved.number }));
    } else {
      const added = await layout.add.mutateAsync(values);
      toast.success(t('layout.added', { number: added.number, level: added.level }));
    }
    onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={spot ? t('layout.editTitle', { number: spot.number }) : t('layout.addTitle')}
      testId="spot-form-dialog"
    >
      <Form form={form} onSubmit={onSubmit} onFailure={(error) => setFailure(error)} className="flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput
            name="number"
            label={t('layout.number')}
            description={t('layout.numberHint')}
            autoComplete="off"
            maxLength={PARKING_SPOT_BOUNDS.numberMaxLength}
          />
          <TextInput name="section" label={t('layout.section')} autoComplete="off" maxLength={PARKING_SPOT_BOUNDS.sectionMaxLength} />
          <TextInput
            name="level"
            type="number"
            label={t('layout.level')}
            min={PARKING_SPOT_BOUNDS.level.min}
            max={PARKING_SPOT_BOUNDS.level.max}
            step={1}
            registerOptions={asNumber}
          />
          <SelectInput name="type" label={t('layout.type')}>
            {PARKING_SPOT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </SelectInput>
          <TextInput
            name="x"
            type="number"
            label={t('layout.x')}
            description={t('layout.between', { min: PARKING_SPOT_BOUNDS.x.min, max: PARKING_SPOT_BOUNDS.x.max })}
            min={PARKING_SPOT_BOUNDS.x.min}
            max={PARKING_SPOT_BOUNDS.x.max}
            step={1}
            registerOptions={asNumber}
          />
          <TextInput
            name="y"
            type="number"
            label={t('layout.y')}
            description={t('layout.between', { min: PARKING_SPOT_BOUNDS.y.min, max: PARKING_SPOT_BOUNDS.y.max })}
            min={PARKING_SPOT_BOUNDS.y.min}
            max={PARKING_SPOT_BOUNDS.y.max}
            step={1}
            registerOptions={asNumber}
          />
        </div>
        {failure ? <FormAlert testId="spot-form-error">{errorText(t, failure, t('layout.failed'))}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <FormButton onClick={onClose}>{t('layout.cancel')}</FormButton>
          <SubmitButton pending={t('layout.saving')} testId="spot-form-submit">
            {spot ? t('layout.save') : t('layout.add')}
          </SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

/** Removing a spot, asked once more; a spot holding a visit is refused by the server in words. */
export function RemoveSpotDialog({ spot, onClose }: { spot: ParkingSpot; onClose: () => void }) {
  const { t } = useTranslation('parking');
  const layout = useSpotLayout();
  const [failure, setFailure] = useState<unknown>(null);
  const remove = () => {
    setFailure(null);
    layout.remove.mutate(spot.id, {
      onSuccess: () => {
        toast.success(t('layout.removed', { number: spot.number }));
        onClose();
      },
      onError: (error) => setFailure(error),
    });
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('layout.removeTitle', { number: spot.number, level: spot.level })}
      description={t('layout.removeBody')}
      size="sm"
      testId="remove-spot-dialog"
    >
      <div className="flex flex-col gap-4">
        {failure ? <FormAlert testId="remove-spot-error">{errorText(t, failure, t('layout.failed'))}</FormAlert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('layout.keep')}
          </Button>
          <Button onClick={remove} disabled={layout.remove.isPending} data-testid="remove-spot-confirm">
            {t('layout.remove', { number: spot.number })}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/** The edit and remove buttons of one spot, in the edit mode. */
export function SpotLayoutActions({ spot }: { spot: ParkingSpot }) {
  const { t } = useTranslation('parking');
  const [open, setOpen] = useState<'edit' | 'remove' | null>(null);
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" className="min-h-9 px-3 py-1" onClick={() => setOpen('edit')}>
        {t('layout.edit', { number: spot.number })}
      </Button>
      <Button variant="secondary" className="min-h-9 px-3 py-1" onClick={() => setOpen('remove')}>
        {t('layout.remove', { number: spot.number })}
      </Button>
      {open === 'edit' ? <SpotFormDialog spot={spot} level={spot.level} onClose={() => setOpen(null)} /> : null}
      {open === 'remove' ? <RemoveSpotDialog spot={spot} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
