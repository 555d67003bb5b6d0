/**
 * One labelled input of the storefront's forms (checkout, account) with its error spot
 * (`data-error-for`, where the page's island puts the server's refusal of that field).
 */
export const FormField = ({
  name,
  label,
  type = 'text',
  value,
  required,
  autoComplete,
  maxLength = type === 'email' ? 254 : 100,
  readOnly,
  error = name
}: {
  name: string
  label: string
  type?: string
  value?: string
  required?: boolean
  autoComplete?: string
  maxLength?: number
  readOnly?: boolean
  /** The field the server names in its refusal, when not `name`. */
  error?: string
}) => (
  <label>
    {label}
    <input
      name={name}
      type={type}
      defaultValue={value}
      required={required}
      autoComplete={autoComplete}
      maxLength={maxLength}
      readOnly={readOnly}
      {...(name === 'code' ? { inputMode: 'numeric' as const, pattern: '[0-9]*' } : {})}
    />
    <span className="ef-error" data-error-for={error} />
  </label>
)
