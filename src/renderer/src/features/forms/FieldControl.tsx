import { lazy, Suspense } from 'react';
import { CropOffer } from '../canvas';
import { ExpandRatioField } from '../canvas';
import type { FieldProps } from './field-props';
import { BooleanField } from './fields/BooleanField';
import { MediaField } from './fields/MediaField';
import { MediaListField } from './fields/MediaListField';
import { ModelField } from './fields/ModelField';
import { NumberField } from './fields/NumberField';
import { RatioField } from './fields/RatioField';
import { SelectField } from './fields/SelectField';
import { TextField } from './fields/TextField';
import { SubjectPrompt } from './subjects/SubjectPrompt';
import { SubjectsField } from './subjects/SubjectsField';

/** The mask painter and canvas editor come with the mask field, in their own chunk (only masked edits use them). */
const MaskField = lazy(() => import('./fields/MaskField').then((m) => ({ default: m.MaskField })));

/** The control for a field, chosen by its kind in the catalog. */
export function FieldControl(props: FieldProps & { vendor: string }) {
  const { field } = props;
  switch (field.type) {
    case 'text':
      return field.subjectPrompt ? (
        <SubjectPrompt {...props} field={field} />
      ) : (
        <TextField {...props} field={field} />
      );
    case 'model':
      return <ModelField {...props} field={field} />;
    case 'select':
      return <SelectField {...props} field={field} />;
    case 'number':
      return <NumberField {...props} field={field} />;
    case 'size':
      return <RatioField {...props} field={field} />;
    case 'aspectRatio':
      return props.op === 'vendor.expand' ? (
        <ExpandRatioField {...props} field={field} />
      ) : (
        <RatioField {...props} field={field} />
      );
    case 'boolean':
      return <BooleanField {...props} field={field} />;
    case 'media':
      return (
        <>
          <MediaField {...props} field={field} />
          {field.accept === 'image' && props.op !== 'vendor.expand' && (
            <CropOffer
              value={props.value}
              values={props.values}
              onChange={props.onChange}
              testId={field.name}
            />
          )}
        </>
      );
    case 'mediaList':
      return <MediaListField {...props} field={field} />;
    case 'mask':
      return (
        <Suspense fallback={null}>
          <MaskField {...props} field={field} />
        </Suspense>
      );
    case 'subjects':
      return <SubjectsField {...props} field={field} />;
  }
}
