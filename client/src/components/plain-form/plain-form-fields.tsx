import type { PlainField } from '@shared/entities/plain-fields';

interface PlainFormFieldsProps<Values extends Record<string, string>> {
  /** The entity's declared fields (shared/entities: `plain.fields`), in the order the form shows them. */
  fields: { [K in keyof Values]: PlainField };
  values: Values;
  onChange: (key: keyof Values & string, value: string) => void;
  /** The field that takes focus when the form opens. */
  autoFocus?: keyof Values & string;
}

/**
 * The inputs of a plain entity's form, one per declared field (issue 48): its label (starred when
 * required), an input of its kind with its limits. A field added to the declaration is on the form
 * with no other edit; the form's values are typed over the same fields, so one it does not hold does
 * not compile.
 */
export function PlainFormFields<Values extends Record<string, string>>({ fields, values, onChange, autoFocus }: PlainFormFieldsProps<Values>) {
  return (
    <>
      {(Object.entries(fields) as [keyof Values & string, PlainField][]).map(([key, field]) => {
        // A list (a canned job's lines) is edited by its entity's own form, never by a single input.
        if (field.inputKind === 'lines') return null;
        const common = {
          name: key,
          value: values[key],
          'aria-required': field.required ? ('true' as const) : undefined,
          placeholder: field.placeholder,
          autoFocus: autoFocus === key,
        };
        const change = (event: { target: { value: string } }) => onChange(key, event.target.value);
        return (
          <label className="field" key={key}>
            <span className={field.required ? 'required' : undefined}>{field.label}</span>
            {field.inputKind === 'multiline' ? (
              <textarea {...common} maxLength={field.maxLength} rows={3} onChange={change} />
            ) : field.inputKind === 'money' || field.inputKind === 'whole' ? (
              <input
                {...common}
                type="number"
                inputMode={field.inputKind === 'money' ? 'decimal' : 'numeric'}
                min={0}
                step={field.inputKind === 'money' ? 0.01 : 1}
                onChange={change}
              />
            ) : (
              <input {...common} type={field.inputKind === 'email' ? 'email' : field.inputKind === 'phone' ? 'tel' : 'text'} maxLength={field.maxLength} onChange={change} />
            )}
          </label>
        );
      })}
    </>
  );
}
