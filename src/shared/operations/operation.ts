import type { Family, OperationId } from './ids';
import type { FieldDef, Values } from './fields';
import type { FieldIssues } from './issues';
import type { MediaValue } from './media';

/** A file part of a multipart request; core streams the file behind `media`. */
export interface WireFilePart {
  name: string;
  media: MediaValue;
}

export type WireBody =
  | { type: 'json'; json: Record<string, unknown> }
  | { type: 'multipart'; fields: [string, string][]; files: WireFilePart[] };

/** The HTTP request an operation becomes. Paths are relative to the profile's base URL. */
export interface WireRequest {
  method: 'POST';
  path: string;
  body: WireBody;
}

export interface RequestContext {
  /** The profile's vendor name (`vendora` on the demo gateway). */
  vendor: string;
  /** Turns a media value into what a JSON field carries: its link, or a data: URL for a local file. */
  media: (value: MediaValue) => string;
  /** Where the gateway should POST completion (task gateway only), or null when callbacks are off. */
  callbackUrl: string | null;
}

/** One operation of the catalog: the single source of truth for its form, validation and request. */
export interface OperationDef {
  id: OperationId;
  family: Family;
  output: 'image' | 'video';
  label: string;
  description: string;
  fields: FieldDef[];
  /**
   * Parameter names this operation must never send, even when typed into the extra fields (image edit:
   * `input_fidelity`, which the gateway's image model rejects; gateway-spec, Limits).
   */
  neverSend?: readonly string[];
  /** Cross-field rules beyond each field's own limits. */
  check?: (values: Values) => FieldIssues;
  toRequest: (values: Values, ctx: RequestContext) => WireRequest;
}
