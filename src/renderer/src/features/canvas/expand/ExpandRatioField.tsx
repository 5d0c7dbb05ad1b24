import { mediaValueSchema } from '../../../../../shared/operations/media';
import type { FieldOf, FieldProps } from '../../forms';
import { RatioField } from '../../forms';
import { ratioOf } from '../../forms';
import { ExpandPreview } from './ExpandPreview';

/** The expansion form's ratio: the usual chips, then the live preview of the source inside that ratio. */
export function ExpandRatioField(props: FieldProps<FieldOf<'aspectRatio'>>) {
  const parsed = mediaValueSchema.safeParse(props.values.image);
  const ratio = typeof props.value === 'string' ? ratioOf(props.value) : null;
  return (
    <>
      <RatioField {...props} />
      {parsed.success && ratio && ratio.w > 0 && ratio.h > 0 && (
        <ExpandPreview source={parsed.data} ratio={ratio} values={props.values} />
      )}
    </>
  );
}
