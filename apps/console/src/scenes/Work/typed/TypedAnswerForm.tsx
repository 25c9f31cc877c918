/**
 * The typed answer's form, drawn from the deployment's `output_schema` by rjsf. Loaded on its own
 * (React.lazy) only for work that has a schema, so the console's first load stays small.
 */
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { useEffect, useMemo } from 'react';
import { schemaErrors } from './schema-errors';
import { schemaValidator } from './schema-validator';

export type TypedData = Record<string, unknown>;

export interface TypedAnswerFormProps {
  schema: Record<string, unknown>;
  data: TypedData;
  /** Every change, with the problems the schema finds in it (none: ready to publish). */
  onChange: (data: TypedData, problems: RJSFValidationError[]) => void;
  /** The gateway's refusal, filed under the field its pointer names. */
  serverErrors?: ErrorSchema;
  disabled?: boolean;
}

/**
 * The fields in the order the agent most likely meant: the schema comes back from the service
 * with its keys reordered (PostgreSQL's jsonb sorts them), but `required` is a list and keeps its
 * order, so required fields come first as listed, then the rest.
 */
function fieldOrder(schema: Record<string, unknown>): UiSchema {
  const properties = schema.properties as Record<string, Record<string, unknown>> | undefined;
  if (!properties || typeof properties !== 'object') return {};
  const required = Array.isArray(schema.required) ? schema.required.filter((key): key is string => typeof key === 'string' && key in properties) : [];
  const ui: UiSchema = { 'ui:order': [...required, '*'] };
  for (const [key, child] of Object.entries(properties)) if (child && typeof child === 'object' && child.properties) ui[key] = fieldOrder(child);
  return ui;
}

export default function TypedAnswerForm({ schema, data, onChange, serverErrors, disabled }: TypedAnswerFormProps) {
  const rjsfSchema = schema as RJSFSchema;
  const problems = useMemo(() => schemaErrors(rjsfSchema, data), [rjsfSchema, data]);
  // The form's own submit button is not drawn: the editor's Publish sends the answer with the body.
  const uiSchema = useMemo<UiSchema>(() => ({ ...fieldOrder(schema), 'ui:submitButtonOptions': { norender: true } }), [schema]);
  // The editor learns the answer's state as soon as the form is there, before any typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form mounts; later changes reach the editor through the form's onChange
  useEffect(() => onChange(data, problems), []);
  return (
    <div className="typed-form">
      <Form<TypedData>
        schema={rjsfSchema}
        uiSchema={uiSchema}
        validator={schemaValidator}
        formData={data}
        idPrefix="answer"
        liveValidate="onBlur"
        showErrorList={false}
        noHtml5Validate
        extraErrors={serverErrors}
        disabled={disabled}
        onChange={(event) => {
          const next = (event.formData ?? {}) as TypedData;
          onChange(next, schemaErrors(rjsfSchema, next));
        }}
      />
    </div>
  );
}
