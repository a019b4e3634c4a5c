import { useId, type InputHTMLAttributes, type ReactNode } from 'react'

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode
  /** A rule shown under the input before anything is sent. */
  hint?: ReactNode
  /** Why the server refused this field, shown under it and announced. */
  error?: ReactNode
}

/** A labelled text input in the app's form layout, with an optional hint and error tied to it. */
export function Field({ label, hint, error, ...input }: FieldProps) {
  const id = useId()
  const described = [input['aria-describedby'], hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ')
  return (
    <>
      <label className="field">
        <span>{label}</span>
        <input {...input} aria-describedby={described || undefined} aria-invalid={error ? true : undefined} />
      </label>
      {hint && (
        <small id={`${id}-hint`} className="muted">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="error-message" role="alert">
          {error}
        </small>
      )}
    </>
  )
}
