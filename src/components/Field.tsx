import type { InputHTMLAttributes, ReactNode } from 'react'

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: ReactNode }

/** A labelled text input in the app's form layout. */
export function Field({ label, ...input }: FieldProps) {
  return (
    <label className="field">
      <span>{label}</span>
      <input {...input} />
    </label>
  )
}
