import type { KeyboardEvent, ReactNode } from 'react';
import { getOperation } from '../../../../shared/operations/catalog';
import type { FieldDef, Values } from '../../../../shared/operations/fields';
import type { OperationId } from '../../../../shared/operations/ids';
import { BudgetConfirm } from './BudgetConfirm';
import { EstimateLabel } from './EstimateLabel';
import { GenerateExtras } from './GenerateExtras';
import { LazyLedgerDialog } from './LazyLedgerDialog';
import { PromptLibrary } from './prompts/PromptLibrary';
import { usePromptRecall } from './prompts/use-prompt-recall';
import { useStudioStore } from './studio-store';
import { useEstimate } from './use-estimate';
import { useStudioSubmit } from './use-studio-submit';
import './styles/forms.css';
import './styles/gallery.css';

type Submit = (values: Values, extra: Record<string, unknown>, batch?: { count: number; models: string[] | null }) => Promise<void>;

/**
 * What issue 17 adds to an operation form, in one hook so the form itself changes little: ×N, several
 * models, the estimate on Generate, the budget check, prompt recall (↑/↓) and the prompt library.
 */
export function useStudioForm(args: {
  op: OperationId;
  values: Values;
  vendor: string;
  promptInputId: string;
  submit: Submit;
  getValue(name: string): unknown;
  change(name: string, value: unknown): void;
}): { submit: (values: Values, extra: Record<string, unknown>) => Promise<void>; onKeyDown(e: KeyboardEvent): void; extras: ReactNode; estimate: ReactNode; promptTools: ReactNode; dialogs: ReactNode } {
  const { op, values } = args;
  const modelField = getOperation(op).fields.find((f): f is Extract<FieldDef, { type: 'model' }> => f.type === 'model');
  const current = typeof values.model === 'string' ? values.model : '';
  const several = useStudioStore((s) => s.models[op]);
  const count = useStudioStore((s) => s.count[op] ?? 1);
  const models = several && several.length > 1 ? several : [current];
  const estimate = useEstimate(op, values, models, count);
  const submit = useStudioSubmit(op, args.submit, estimate);
  const recall = usePromptRecall(op, args.promptInputId, () => args.getValue('prompt'), (text) => args.change('prompt', text));
  const hasPrompt = getOperation(op).fields.some((f) => f.name === 'prompt');
  const prompt = typeof values.prompt === 'string' ? values.prompt : '';
  return {
    submit,
    onKeyDown: recall,
    extras: <GenerateExtras op={op} modelField={modelField} current={current} vendor={args.vendor} onModel={(id) => args.change(modelField?.name ?? 'model', id)} />,
    estimate: <EstimateLabel estimate={estimate} />,
    promptTools: hasPrompt ? <PromptLibrary op={op} prompt={prompt} promptInputId={args.promptInputId} onChange={(text) => args.change('prompt', text)} /> : null,
    dialogs: (
      <>
        <BudgetConfirm />
        <LazyLedgerDialog />
      </>
    ),
  };
}
